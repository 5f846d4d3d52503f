import { MarkdownPage } from "@/components/layout/MarkdownPage";
import { FaqList } from "@/components/practice/FaqList";
import { metadataFor } from "@/lib/seo/metadata";

export const metadata = metadataFor("/policies");

export default function PoliciesPage() {
  return (
    <MarkdownPage
      pageKey="policies"
      after={
        <section aria-labelledby="policies-faq" style={{ marginTop: "var(--space-7)" }}>
          <h2 id="policies-faq">Frequently asked questions</h2>
          <FaqList headingLevel={3} />
        </section>
      }
    />
  );
}
