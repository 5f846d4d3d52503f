import { MarkdownPage } from "@/components/layout/MarkdownPage";
import { contentPage } from "@/lib/routes/page";
import { metadataFor } from "@/lib/seo/metadata";

const page = contentPage("privacy-policy");

export const metadata = metadataFor(page);

export default function PrivacyPolicyPage() {
  return <MarkdownPage page={page} />;
}
