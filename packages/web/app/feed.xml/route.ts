import { Feed } from "feed";
import { content, site } from "@/lib/content";
import { therapistFullName } from "@/lib/content/facts";
import { FEED_PATH } from "@/lib/seo/metadata";
import { absoluteUrl as absoluteUrlOf } from "@/lib/seo/url";

const absoluteUrl = (path: string) => absoluteUrlOf(path, site.siteUrl);

export const dynamic = "force-static";

/** The blog as RSS 2.0, built once at build time. */
export function GET() {
  const feed = new Feed({
    id: absoluteUrl("/blog"),
    link: absoluteUrl("/blog"),
    title: `${site.siteName} blog`,
    description: site.description,
    language: "en",
    copyright: `© ${site.siteName}`,
    updated: new Date(content.posts[0]?.meta.lastUpdated ?? "2026-01-01"),
    feedLinks: { rss: absoluteUrl(FEED_PATH) },
    author: { name: therapistFullName(site.therapist), link: absoluteUrl("/about-me") },
  });
  for (const post of content.posts) {
    const image = content.images[post.meta.image];
    feed.addItem({
      id: absoluteUrl(post.path),
      link: absoluteUrl(post.path),
      title: post.meta.title,
      description: post.meta.description,
      content: post.excerpt,
      date: new Date(post.meta.lastUpdated),
      published: new Date(post.meta.date),
      category: post.meta.categories.map((name) => ({ name })),
      image: image ? absoluteUrl(image.jpeg) : undefined,
      author: [{ name: post.meta.author }],
    });
  }
  return new Response(feed.rss2(), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8" },
  });
}
