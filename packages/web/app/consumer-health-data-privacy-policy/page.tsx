import { MarkdownPage } from "@/components/layout/MarkdownPage";
import { contentPage } from "@/lib/routes/page";
import { metadataFor } from "@/lib/seo/metadata";

const page = contentPage("consumer-health-data-privacy-policy");

export const metadata = metadataFor(page);

/** Washington's My Health My Data Act asks for this policy on its own page, linked from every page by its name. */
export default function ConsumerHealthDataPrivacyPolicyPage() {
  return <MarkdownPage page={page} />;
}
