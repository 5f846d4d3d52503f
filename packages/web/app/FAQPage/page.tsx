import { MarkdownPage } from "@/components/layout/MarkdownPage";
import { FaqList } from "@/components/practice/FaqList";
import { contentPage } from "@/lib/routes/page";
import { metadataFor } from "@/lib/seo/metadata";

const page = contentPage("FAQPage", { shows: ["faq"] });

export const metadata = metadataFor(page);

/** Every question and answer, shown; the page's structured data is an FAQPage carrying the same (/policies shows them too, as a plain page: Google asks for one marked-up copy). */
export default function FaqPage() {
  return <MarkdownPage page={page} after={<FaqList />} />;
}
