import { content } from "@/lib/content";
import { routes } from "@/lib/routes";
import { buildGraph, serializeGraph } from "@/lib/seo/structured-data";

/** The page's JSON-LD graph (see lib/seo/structured-data.ts). */
export function StructuredData({ path }: { path: string }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeGraph(buildGraph(content, routes, path)) }} />;
}
