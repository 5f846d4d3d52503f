import { MarkdownPage } from "@/components/layout/MarkdownPage";
import { FaqList } from "@/components/practice/FaqList";
import { metadataFor } from "@/lib/seo/metadata";

export const metadata = metadataFor("/FAQPage");

export default function FaqPage() {
  return <MarkdownPage pageKey="FAQPage" after={<FaqList />} />;
}
