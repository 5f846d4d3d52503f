import { MarkdownPage } from "@/components/layout/MarkdownPage";
import { ContactDetails } from "@/components/practice/ContactDetails";
import { metadataFor } from "@/lib/seo/metadata";

export const metadata = metadataFor("/contact");

export default function ContactPage() {
  return <MarkdownPage pageKey="contact" aside={<ContactDetails />} />;
}
