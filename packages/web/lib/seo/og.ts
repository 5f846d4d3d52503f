/** Where a page's Open Graph image lives: `/og/index.png` for the home page, `/og/<path>.png` otherwise. */
export const OG_SIZE = { width: 1200, height: 630 } as const;

export function ogImagePath(path: string): string {
  return `/og${path === "/" ? "/index" : path}.png`;
}

/** The page path an image path belongs to, or undefined. */
export function pathOfOgImage(segments: readonly string[]): string | undefined {
  const last = segments.at(-1);
  if (!last?.endsWith(".png")) return undefined;
  const joined = `/${[...segments.slice(0, -1), last.slice(0, -".png".length)].join("/")}`;
  return joined === "/index" ? "/" : joined;
}
