import localFont from "next/font/local";

// Self-hosted variable fonts (latin subset); next/font adds size-matched fallbacks against layout shift.
export const sans = localFont({
  src: "./fonts/source-sans-3-latin-wght-normal.woff2",
  variable: "--font-sans",
  weight: "200 900",
  display: "swap",
});

export const serif = localFont({
  src: "./fonts/fraunces-latin-wght-normal.woff2",
  variable: "--font-serif",
  weight: "100 900",
  display: "swap",
});
