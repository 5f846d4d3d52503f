/**
 * The rates page shows the fee cards (components/practice/RatesTables.tsx) above its own text: a
 * section of the text headed like a card says the same thing twice, and two headings of one name
 * confuse a screen reader's list of headings.
 */
import type { ContentCheck } from ".";
import { RATE_CARD_HEADINGS } from "../../content/rate-cards";

export const rateCardHeadings: ContentCheck = (content, { warn }) => {
  const cards = new Map(Object.values(RATE_CARD_HEADINGS).map((heading) => [heading.toLowerCase(), heading]));
  for (const heading of content.pages.ratesAndInsurance?.body.headings ?? []) {
    const card = cards.get(heading.text.toLowerCase());
    if (card) warn("content/pages/ratesAndInsurance.md", `has a section "${heading.text}", and the page already shows a card headed "${card}" with those facts: give the section another heading, or leave it to the card`);
  }
};
