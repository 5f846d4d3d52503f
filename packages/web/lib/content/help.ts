/**
 * The consistent help every page carries (WCAG 2.2, 3.2.6): the booking and phone call to action
 * and the 988 crisis notice. `pnpm content` writes it to .generated/help.json as well, so the
 * one page that cannot read the compiled content (app/global-error.tsx, a client component that
 * replaces the whole document) shows the same help without shipping the content to browsers.
 */
import type { ElementContent, Root, RootContent } from "hast";
import { availabilityNote } from "./facts";
import type { Content } from "./types";

/** A HAST tree without source positions: all the browser needs to render the notice. */
export type PlainNode = { type: "text"; value: string } | { type: "element"; tagName: string; properties: Record<string, unknown>; children: PlainNode[] };

export interface HelpContent {
  siteName: string;
  /** The help band's sentence: whether new clients are taken, and how soon calls are returned. */
  note: string;
  bookingUrl: string;
  bookingLabel: string;
  /** For a tel: link. */
  phone: string;
  phoneDisplay: string;
  crisis?: { title: string; body: PlainNode[] };
}

function plain(nodes: (RootContent | ElementContent)[]): PlainNode[] {
  return nodes.flatMap((node): PlainNode[] => {
    if (node.type === "text") return [{ type: "text", value: node.value }];
    if (node.type === "element") return [{ type: "element", tagName: node.tagName, properties: { ...node.properties }, children: plain(node.children) }];
    return [];
  });
}

export function helpContent(content: Pick<Content, "site" | "notices">): HelpContent {
  const { contact, siteName } = content.site;
  const crisis = content.notices.crisis;
  return {
    siteName,
    note: `${availabilityNote(content.site)} ${contact.responseTime}`,
    bookingUrl: contact.bookingUrl,
    bookingLabel: contact.bookingLabel,
    phone: contact.phone.replace(/-/g, ""),
    phoneDisplay: contact.phoneDisplay,
    crisis: crisis && { title: crisis.meta.title, body: plain((crisis.body.hast as Root).children) },
  };
}
