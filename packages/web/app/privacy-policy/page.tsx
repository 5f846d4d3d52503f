import { MarkdownPage } from "@/components/layout/MarkdownPage";
import { metadataFor } from "@/lib/seo/metadata";

export const metadata = metadataFor("/privacy-policy");

export default function PrivacyPolicyPage() {
  return <MarkdownPage pageKey="privacy-policy" />;
}
