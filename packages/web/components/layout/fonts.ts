import localFont from "next/font/local";

// Headings use a self-hosted variable serif (latin subset); body text uses the reader's own system
// font, so the largest text on a page never waits for a download. "optional" and not preloaded: on
// a slow phone headings paint at once in the size-matched fallback next/font generates, and the
// font does not compete with the page and its main image; once cached it is used everywhere.
export const serif = localFont({
  src: "./fonts/fraunces-latin-wght-normal.woff2",
  variable: "--font-serif",
  weight: "100 900",
  display: "optional",
  preload: false,
});
