import { content } from "@/lib/content";
import type { SitePage } from "@/lib/routes/page";
import { buildGraph, serializeGraph } from "@/lib/seo/structured-data";

/** The page's JSON-LD graph (see lib/seo/structured-data.ts). */
export function StructuredData({ page }: { page: SitePage }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeGraph(buildGraph(content, page)) }} />;
}
