import { AnalyticsChoice } from "@/components/analytics/AnalyticsChoice";
import { MarkdownPage } from "@/components/layout/MarkdownPage";
import { site } from "@/lib/content";
import { contentPage } from "@/lib/routes/page";
import { metadataFor } from "@/lib/seo/metadata";

const page = contentPage("privacy-policy");

export const metadata = metadataFor(page);

/** The policy, then the visitor's analytics choice, where it can be changed (the end-of-page copy is hidden here). */
export default function PrivacyPolicyPage() {
  return <MarkdownPage page={page} after={site.gtmId ? <AnalyticsChoice placement="in-text" /> : undefined} />;
}
