import { MarkdownPage } from "@/components/layout/MarkdownPage";
import { GoodFaithEstimate } from "@/components/practice/GoodFaithEstimate";
import { RatesTables } from "@/components/practice/RatesTables";
import { metadataFor } from "@/lib/seo/metadata";

export const metadata = metadataFor("/ratesAndInsurance");

export default function RatesPage() {
  return (
    <MarkdownPage
      pageKey="ratesAndInsurance"
      before={
        <>
          <GoodFaithEstimate />
          <RatesTables />
        </>
      }
    />
  );
}
