import { MarkdownPage } from "@/components/layout/MarkdownPage";
import { FaqList } from "@/components/practice/FaqList";
import { contentPage } from "@/lib/routes/page";
import { metadataFor } from "@/lib/seo/metadata";

const page = contentPage("FAQPage");

export const metadata = metadataFor(page);

/** Every question and answer, shown; the page's structured data is an FAQPage carrying the same. */
export default function FaqPage() {
  return <MarkdownPage page={page} after={<FaqList />} />;
}
