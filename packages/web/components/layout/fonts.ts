import localFont from "next/font/local";

// Headings and the brand use Fraunces at weight 600; body text uses the reader's own system font.
// The font is the build's own cut of it (scripts/heading-font.ts: one weight, only the characters
// the site shows, about 12 KB), preloaded so it is there for the first paint on a first visit as
// on later ones. On a connection too slow for that, headings paint at once in the fallback
// next/font generates (Times New Roman scaled to Fraunces' metrics, so nothing moves) and take
// the font when it arrives.
export const serif = localFont({
  src: "../../.generated/fonts/heading.woff2",
  variable: "--font-serif",
  weight: "600",
  style: "normal",
  display: "swap",
  preload: true,
  adjustFontFallback: "Times New Roman",
});
