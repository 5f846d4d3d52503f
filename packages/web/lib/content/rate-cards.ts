/** The headings of the rates page's fee cards (components/practice/RatesTables.tsx); the content compiler keeps the page's own sections from repeating them. */
export const RATE_CARD_HEADINGS = {
  sessions: "Session fees",
  marathon: "Marathon couples therapy",
  sliding: "Sliding scale",
  insurance: "Insurance",
  payment: "Payment and cancellation",
} as const;
