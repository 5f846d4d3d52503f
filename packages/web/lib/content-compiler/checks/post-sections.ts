/** A blog post reads in sections: at least three `##` headings, so a reader can see its shape and skip to what they need. */
import type { ContentCheck } from ".";

const POST_MIN_SECTIONS = 3;

export const postSections: ContentCheck = (content, { warn }) => {
  for (const post of content.posts) {
    const sections = post.body.headings.filter((heading) => heading.depth === 2).length;
    if (sections >= POST_MIN_SECTIONS) continue;
    warn(
      `content/blog/${post.slug}.md`,
      `has ${sections} section heading${sections === 1 ? "" : "s"} (lines starting ## ); a blog post should have at least ${POST_MIN_SECTIONS} (see "How long a page should be" in content/README.md)`,
    );
  }
};
