import { MarkdownPage } from "@/components/layout/MarkdownPage";
import { ContactDetails } from "@/components/practice/ContactDetails";
import { GoodFaithEstimateLink } from "@/components/practice/GoodFaithEstimate";
import { contentPage } from "@/lib/routes/page";
import { metadataFor } from "@/lib/seo/metadata";

const page = contentPage("contact");

export const metadata = metadataFor(page);

/** The contact details first, with the Good Faith Estimate named where booking starts, then what to expect and what to write. */
export default function ContactPage() {
  return (
    <MarkdownPage
      page={page}
      before={
        <>
          <ContactDetails />
          <GoodFaithEstimateLink on="contact" />
        </>
      }
    />
  );
}
