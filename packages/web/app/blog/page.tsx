import type { Metadata } from "next";
import { BlogIndex } from "@/components/blog/BlogIndex";
import { contentPage } from "@/lib/routes/page";
import { metadataFor } from "@/lib/seo/metadata";

const page = contentPage("blog");

export const metadata: Metadata = metadataFor(page);

/** Every article. `/blog?category=…` is a separate static page per category (the proxy's rewrite). */
export default function BlogPage() {
  return <BlogIndex page={page} />;
}
