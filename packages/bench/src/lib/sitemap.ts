/** The site's pages as its sitemap lists them (the built site's public list of prerendered pages). */

/** The path and query of every <loc> in a sitemap, once each, in order. */
export function sitemapLocations(xml: string): string[] {
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
    const url = new URL(match[1]!.replace(/&amp;/g, "&"));
    return `${url.pathname}${url.search}`;
  });
  return [...new Set(paths)];
}

export async function sitemapPaths(siteUrl: string): Promise<string[]> {
  const response = await fetch(`${siteUrl}/sitemap.xml`);
  if (!response.ok) throw new Error(`${siteUrl}/sitemap.xml answered ${response.status}: the page list comes from it`);
  const paths = sitemapLocations(await response.text());
  if (paths.length === 0) throw new Error(`${siteUrl}/sitemap.xml lists no pages`);
  return paths;
}
