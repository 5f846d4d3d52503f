/**
 * What the root error page (app/global-error.tsx) shows around its message: the help band and the
 * 988 crisis notice. That page is a client component that replaces the whole document, so it
 * cannot read the compiled content; `pnpm content` writes this to .generated/help.json instead,
 * with the notice already rendered by the site's one markdown renderer (no renderer ships to
 * browsers for it). Server components read the band from ./help-band.ts, not from here.
 */
import type { Root } from "hast";
import { renderToStaticMarkup } from "react-dom/server";
import { type HelpBand, helpBand } from "./help-band";
import { renderMarkdown } from "./render";
import type { Content } from "./types";

export interface HelpContent extends HelpBand {
  siteName: string;
  /** The crisis notice: its title, and its body as HTML from the compiled markdown. */
  crisis?: { title: string; html: string };
}

export function helpContent(content: Pick<Content, "site" | "notices">): HelpContent {
  const crisis = content.notices.crisis;
  return {
    siteName: content.site.siteName,
    ...helpBand(content.site),
    crisis: crisis && { title: crisis.meta.title, html: renderToStaticMarkup(renderMarkdown(crisis.body.hast as Root)) },
  };
}
