import { MarkdownPage } from "@/components/layout/MarkdownPage";
import { FaqList } from "@/components/practice/FaqList";
import { contentPage } from "@/lib/routes/page";
import { metadataFor } from "@/lib/seo/metadata";

const page = contentPage("policies");

export const metadata = metadataFor(page);

export default function PoliciesPage() {
  return (
    <MarkdownPage
      page={page}
      after={
        <section aria-labelledby="policies-faq" style={{ marginTop: "var(--space-7)" }}>
          <h2 id="policies-faq">Frequently asked questions</h2>
          <FaqList headingLevel={3} />
        </section>
      }
    />
  );
}
