/**
 * The one renderer of compiled markdown (a sanitised HAST tree) into React elements: pages use it
 * through components/content/Markdown.tsx, and `pnpm content` uses it to write the crisis notice
 * the root error page shows (lib/content/help.ts), so both say the same thing the same way.
 */
import type { Root } from "hast";
import { type Components, toJsxRuntime } from "hast-util-to-jsx-runtime";
import type { ComponentProps, ReactNode } from "react";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";

/** A link as markdown writes it; another site's opens without access to this page (noopener). */
export function PlainLink({ href = "", children, ...rest }: ComponentProps<"a">) {
  return (
    <a href={href} {...rest} rel={/^https?:/i.test(href) ? "noopener" : undefined}>
      {children}
    </a>
  );
}

export function renderMarkdown(tree: Root, components: Partial<Components> = {}): ReactNode {
  return toJsxRuntime(tree, { Fragment, jsx, jsxs, components: { a: PlainLink, ...components } });
}
