/**
 * The absolute URL of a site path, for every place a crawler reads one: canonical links, Open
 * Graph, JSON-LD, sitemap.xml, the feed. The home page has no trailing slash, because Next writes
 * canonical URLs that way (a URL whose path is "/" becomes its origin), and the other places must
 * name each page exactly as its canonical link does.
 */
export function absoluteUrl(path: string, siteUrl: string): string {
  return path === "/" ? siteUrl : `${siteUrl}${path}`;
}
