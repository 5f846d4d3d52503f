/** Where a page's Open Graph image lives: built by `pnpm og` into public/generated/og/. */
export const OG_SIZE = { width: 1200, height: 630 } as const;

export function ogImagePath(path: string): string {
  return `/generated/og${path === "/" ? "/index" : path}.png`;
}
