/**
 * A category a letter or two away from another (`Couples Theraphy` beside `Couples Therapy`) is
 * most likely a typo, which would otherwise become a category of its own, with its own list of
 * one post. The spelling fewer posts use is named, with the one it is close to.
 */
import { distance } from "fastest-levenshtein";
import type { ContentCheck } from ".";
import { categorySlug } from "../../routes/blog-categories";

/** Close enough to be a typo: one edit per six letters of the shorter name, at least one. */
const isClose = (a: string, b: string) => distance(a, b) <= Math.max(1, Math.floor(Math.min(a.length, b.length) / 6));

export const categorySpelling: ContentCheck = (content, { warn }) => {
  const posts = new Map<string, string[]>(); // category → the posts filed under it
  for (const post of content.posts) for (const name of post.meta.categories) posts.set(name, [...(posts.get(name) ?? []), post.slug]);
  const names = [...posts.keys()];
  for (const name of names) {
    const slug = categorySlug(name);
    const mine = posts.get(name)!.length;
    // The likelier spelling: the one more posts use (on a tie, the one first in the alphabet).
    const likelier = names.find((other) => {
      const theirs = posts.get(other)!.length;
      return other !== name && categorySlug(other) !== slug && isClose(slug, categorySlug(other)) && (theirs > mine || (theirs === mine && other < name));
    });
    if (!likelier) continue;
    const count = posts.get(likelier)!.length;
    for (const post of posts.get(name)!) {
      warn(
        `content/blog/${post}.md`,
        `"${name}" is close to "${likelier}" (in ${count} post${count === 1 ? "" : "s"}): a typo? As written, it is a category of its own`,
        "categories",
      );
    }
  }
};
