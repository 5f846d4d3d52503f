import type { Metadata } from "next";
import { BlogIndex } from "@/components/blog/BlogIndex";
import { metadataFor } from "@/lib/seo/metadata";

export const metadata: Metadata = metadataFor("/blog");

/** Every article. `/blog?category=…` is a separate static page per category (the proxy's rewrite). */
export default function BlogPage() {
  return <BlogIndex />;
}
