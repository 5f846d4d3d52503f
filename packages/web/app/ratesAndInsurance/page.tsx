import { MarkdownPage } from "@/components/layout/MarkdownPage";
import { FeesAtAGlance } from "@/components/practice/FeesAtAGlance";
import { GoodFaithEstimate, GoodFaithEstimateLink } from "@/components/practice/GoodFaithEstimate";
import { RatesTables } from "@/components/practice/RatesTables";
import { contentPage } from "@/lib/routes/page";
import { metadataFor } from "@/lib/seo/metadata";

const page = contentPage("ratesAndInsurance");

export const metadata = metadataFor(page);

/** The fees first (in a sentence, then the tables); the Good Faith Estimate notice, complete, right after them and linked from the top. */
export default function RatesPage() {
  return (
    <MarkdownPage
      page={page}
      intro={
        <>
          <FeesAtAGlance />
          <GoodFaithEstimateLink />
        </>
      }
      before={
        <>
          <RatesTables />
          <GoodFaithEstimate />
        </>
      }
    />
  );
}
