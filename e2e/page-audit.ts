/**
 * One page, measured in one evaluate, for the walks over every page of the site (every-page.spec.ts):
 * everything a reader with large text, a keyboard or a shaking thumb needs, each failure said in
 * words ("/blog: scrolls 58 px sideways: a "hello@example.com" reaches 378 px"), so one assertion
 * per walk lists every page's problems at once.
 *
 * What it holds a page to (WCAG 2.2 AA and issue 44):
 * - no sideways scroll (1.4.10), naming the outermost elements past the screen's right edge;
 * - nothing in the page top (header, contact strip) cut off or clipped;
 * - the contact strip: at most `maxStripShare` of the screen, and its Call, Book, Call 988 and Text
 *   988 in view, on top and 44 px in the first screen and half way down (stuck at the top there);
 * - every crisis link (tel:988, sms:988, tel:911) that is a control rather than a word in a
 *   sentence at least 44 px (a pill or button; an underlined word in running text is exempt);
 * - every other target at least 24 px both ways (2.5.8; words in a sentence exempt);
 * - every region that scrolls reachable by keyboard (tabindex 0) and named (2.1.1, 4.1.2);
 * - on the FAQ page, each answer as a screen reader reads it (visually hidden words included) is
 *   the structured data's answer, word for word.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** WCAG 2.2 at levels A and AA, the standard the site is held to (axe's tags). */
export const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/**
 * axe's WCAG 2.2 AA violations on the page now loaded, each as "rule: the first three elements".
 * A page with no frames is checked by axe inside the page (AxeBuilder's legacy mode): the same rules
 * and results, without the blank page AxeBuilder otherwise opens to combine each frame's results,
 * which doubled the time a page took (1.4 s against 0.65 s here). A page with a frame gets the
 * frame-by-frame run.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const frames = await page.locator("iframe, frame, object, embed").count();
  // Only violations are collected (axe skips the passes' details); options() replaces every option, so it comes first.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).withTags(WCAG_22_AA).setLegacyMode(frames === 0).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).slice(0, 3).join(", ")}`);
}

export interface AuditOptions {
  /** The practice's tel: link and the booking URL, as the strip's Call and Book use them. */
  tel: string;
  bookingUrl: string;
  /** The largest share of the screen's height the contact strip may take. */
  maxStripShare: number;
}

/**
 * Images the page asks for first (a preload that applies at this width, or fetchpriority="high")
 * that the first screen does not show: each one delays what the visitor does see. A sentence per
 * image; none is a pass.
 */
export const firstScreenImageProblems = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const inFirstScreen = (element: Element) => element.getBoundingClientRect().top < window.innerHeight;
    const name = (image: Element) => image.getAttribute("src")?.split("/").pop() ?? image.outerHTML.slice(0, 60);
    const images = [...document.querySelectorAll("main img")];
    const problems: string[] = [];
    // A preload applies where its media query matches; its image is the one whose sources it names.
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')) {
      if (link.media && !matchMedia(link.media).matches) continue;
      const image = images.find((candidate) => candidate.parentElement?.querySelector("source")?.getAttribute("srcset") === link.getAttribute("imagesrcset"));
      if (!image) problems.push(`an image preload matches no image in main (${link.getAttribute("imagesrcset")?.slice(0, 60)})`);
      else if (!inFirstScreen(image)) problems.push(`${name(image)} is preloaded but below the first screen`);
    }
    for (const image of images) if (image.getAttribute("fetchpriority") === "high" && !inFirstScreen(image)) problems.push(`${name(image)} is fetched first (fetchpriority=high) but below the first screen`);
    return problems;
  });

/**
 * Where the page names 988 or 911 in its text (not inside a link, a script or hidden text), the
 * block it is named in (its paragraph, list item, cell or section) links it: 988 to call and to
 * text, 911 to call. Every page names them at least once (the crisis notice in its footer), and
 * turns off the phone's own number detection, so only a real link dials. A sentence per problem.
 */
export const crisisLinkProblems = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const problems: string[] = [];
    if (!/telephone=no/.test(document.querySelector('meta[name="format-detection"]')?.getAttribute("content") ?? "")) problems.push("the phone's own number detection is not turned off (format-detection telephone=no)");
    const needs: Record<string, string[]> = { "988": ['a[href="tel:988"]', 'a[href="sms:988"]'], "911": ['a[href="tel:911"]'] };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let named = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      const parent = node.parentElement!;
      if (parent.closest("script, style, a, [aria-hidden='true']")) continue;
      for (const number of ["988", "911"]) {
        if (!new RegExp(`\\b${number}\\b`).test(text)) continue;
        named++;
        // Where the reader meets the number: its paragraph, list item or other block.
        const block = parent.closest("p, li, dd, td, th, h1, h2, h3, h4, section, aside, div")!;
        for (const selector of needs[number]!) if (!block.querySelector(selector)) problems.push(`"${text.trim().slice(0, 60)}" names ${number} without ${selector} beside it`);
      }
    }
    if (named === 0) problems.push("names neither 988 nor 911 in words (the footer's crisis notice does on every page)");
    return problems;
  });

/** The problems found on the page now loaded, each a sentence; none is a pass. */
export const auditPage = (page: Page, options: AuditOptions): Promise<string[]> => page.evaluate(audit, options);

/** Runs in the page: self-contained (Playwright sends its source), so every helper is inside. */
function audit({ tel, bookingUrl, maxStripShare }: AuditOptions): string[] {
  const problems: string[] = [];
  const root = document.documentElement;
  const width = root.clientWidth;
  const height = innerHeight;
  const round = (value: number) => Math.round(value);
  const text = (element: Element) => (element.textContent ?? "").replace(/\s+/g, " ").trim();
  const describe = (element: Element) => {
    const href = element.getAttribute("href");
    return `${element.tagName.toLowerCase()}${href ? `[href="${href}"]` : ""} "${text(element).slice(0, 40)}"`;
  };
  /** Drawn at all: in the layout, not visibility:hidden, not in a visually hidden (1 px, clipped) box. */
  const drawn = (element: Element) => {
    if (element.getClientRects().length === 0) return false;
    if (getComputedStyle(element).visibility === "hidden") return false;
    return !element.closest(".visually-hidden");
  };
  /** A word in running text: laid out inline, in a block whose other text has words of its own. */
  const inSentence = (element: Element) => {
    if (getComputedStyle(element).display !== "inline") return false;
    let block = element.parentElement;
    while (block && getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
    if (!block) return false;
    const others = [...block.querySelectorAll("a, button")].reduce((rest, control) => rest.replace(text(control), ""), text(block));
    return /[\p{L}\p{N}]/u.test(others);
  };

  // Sideways scroll, and what causes it: the outermost elements past the right edge that no
  // scrolling box of their own holds.
  const sideways = root.scrollWidth - width;
  if (sideways > 0) {
    const scrollsItself = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== "visible") return true;
      }
      return false;
    };
    const past = [...document.body.querySelectorAll("*")].filter((element) => drawn(element) && element.getBoundingClientRect().right > width + 0.5 && !scrollsItself(element));
    const outermost = past.filter((element) => !past.includes(element.parentElement!));
    problems.push(`scrolls ${sideways} px sideways: ${outermost.slice(0, 4).map((element) => `${describe(element)} reaches ${round(element.getBoundingClientRect().right)} px`).join("; ")}`);
  }

  // The page top: the header (which scrolls away) and the contact strip (which stays).
  for (const element of document.querySelectorAll("body > header *, body > aside *")) {
    const box = element.getBoundingClientRect();
    const ownText = [...element.childNodes].some((child) => child.nodeType === Node.TEXT_NODE && child.textContent!.trim() !== "");
    if (!drawn(element) || box.width <= 1 || box.height <= 1 || !(element.matches("a, summary, button, svg") || ownText)) continue;
    if (box.left < -0.5 || box.right > width + 0.5) problems.push(`${describe(element)} in the page top runs past the screen's edge (${round(box.left)}..${round(box.right)} px)`);
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const clip = parent.getBoundingClientRect();
      if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5 || box.top < clip.top - 0.5 || box.bottom > clip.bottom + 0.5) {
        problems.push(`${describe(element)} in the page top is cut off by its ${parent.tagName.toLowerCase()}`);
      }
    }
  }

  // Targets: crisis controls 44 px, every other control 24 px, words in a sentence exempt.
  const crisis = 'a[href="tel:988"], a[href="sms:988"], a[href="tel:911"]';
  const controls = document.querySelectorAll('a[href], button, summary, input, select, textarea, [tabindex]:not([tabindex="-1"])');
  const small: string[] = [];
  for (const control of controls) {
    if (!drawn(control) || inSentence(control)) continue;
    const box = control.getBoundingClientRect();
    // The skip link waits above the page until it has focus.
    if (box.bottom + scrollY <= 0) continue;
    const size = `${round(box.width)} × ${round(box.height)} px`;
    if (control.matches(crisis)) {
      if (box.height < 43.5 || box.width < 43.5) problems.push(`the crisis control ${describe(control)} is a ${size} target (at least 44 px)`);
    } else if (box.height < 23.5 || box.width < 23.5) small.push(`${describe(control)} ${size}`);
  }
  if (small.length > 0) problems.push(`${small.length} target${small.length > 1 ? "s" : ""} under 24 px: ${small.slice(0, 4).join(", ")}${small.length > 4 ? ", …" : ""}`);

  // Regions that scroll: a keyboard reaches them, and they say what they hold.
  for (const element of document.body.querySelectorAll("*")) {
    const style = getComputedStyle(element);
    const scrollsX = /auto|scroll/.test(style.overflowX) && element.scrollWidth > element.clientWidth + 1;
    const scrollsY = /auto|scroll/.test(style.overflowY) && element.scrollHeight > element.clientHeight + 1;
    if (!scrollsX && !scrollsY) continue;
    const labelledBy = (element.getAttribute("aria-labelledby") ?? "").split(/\s+/).map((id) => document.getElementById(id)).filter((label): label is HTMLElement => !!label);
    const name = (element.getAttribute("aria-label") ?? labelledBy.map(text).join(" ")).trim();
    const what = `a region that scrolls ${scrollsX ? "sideways" : "down"} (${element.tagName.toLowerCase()} holding "${text(element).slice(0, 30)}")`;
    if ((element as HTMLElement).tabIndex < 0) problems.push(`${what} is out of the keyboard's reach`);
    if (!name || !["region", "group", "figure"].includes(element.getAttribute("role") ?? element.tagName.toLowerCase())) problems.push(`${what} has no name`);
  }

  // The FAQ: each answer, as a screen reader reads it, is the structured data's answer.
  const answers = new Map<string, string>();
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    const graph = (JSON.parse(script.textContent ?? "{}")["@graph"] ?? []) as { "@type"?: string; mainEntity?: { name: string; acceptedAnswer: { text: string } }[] }[];
    for (const node of graph) if (node["@type"] === "FAQPage") for (const question of node.mainEntity ?? []) answers.set(question.name, question.acceptedAnswer.text);
  }
  if (answers.size > 0) {
    // Text nodes in order, a space at every block's edge, leaving out only what no one reads or hears.
    const spoken = (element: Element): string => {
      let out = "";
      for (const child of element.childNodes) {
        if (child.nodeType === Node.TEXT_NODE) out += child.textContent;
        if (child.nodeType !== Node.ELEMENT_NODE) continue;
        const node = child as Element;
        const display = getComputedStyle(node).display;
        if (display === "none" || node.matches('[aria-hidden="true"], script, style, svg')) continue;
        out += display.startsWith("inline") ? spoken(node) : ` ${spoken(node)} `;
      }
      return out;
    };
    for (const details of document.querySelectorAll("main details")) {
      const question = text(details.querySelector("summary")!);
      const expected = answers.get(question);
      if (expected === undefined) continue;
      const said = [...details.children].filter((child) => child.tagName !== "SUMMARY").map(spoken).join(" ").replace(/\s+/g, " ").trim();
      if (said !== expected) {
        let at = 0;
        while (at < said.length && said[at] === expected[at]) at++;
        problems.push(`the FAQ answer to "${question}" reads "…${said.slice(Math.max(0, at - 30), at + 50)}…" where its structured data says "…${expected.slice(Math.max(0, at - 30), at + 50)}…"`);
      }
    }
  }

  // The contact strip: a small share of the screen, with its four ways to reach someone.
  const bar = document.querySelector('aside[aria-label="Contact and crisis line"]');
  if (!bar) return [...problems, "no contact strip"];
  const share = bar.getBoundingClientRect().height / height;
  if (share > maxStripShare) problems.push(`the contact strip takes ${round(share * 100)}% of the screen's height (at most ${round(maxStripShare * 100)}%)`);
  const wanted: [string, string][] = [
    [`a[href="${tel}"]`, "Call"],
    [`a[href="${bookingUrl}"]`, "Book"],
    ['a[href="tel:988"]', "Call 988"],
    ['a[href="sms:988"]', "Text 988"],
  ];
  const present = wanted.flatMap(([selector, name]) => {
    const link = [...bar.querySelectorAll(selector)].find(drawn);
    if (!link) problems.push(`${name} is not in the contact strip`);
    return link ? [[link, name] as const] : [];
  });
  const inView = (where: string) => {
    for (const [link, name] of present) {
      const box = link.getBoundingClientRect();
      const topmost = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (box.left < -0.5 || box.right > width + 0.5 || box.top < -0.5 || box.bottom > height + 0.5) problems.push(`${name} is outside the screen ${where} (${round(box.left)},${round(box.top)}..${round(box.right)},${round(box.bottom)})`);
      else if (!topmost || !(topmost === link || link.contains(topmost))) problems.push(`${name} is covered ${where}`);
      if (box.height < 43.5 || box.width < 43.5) problems.push(`${name} is a ${round(box.width)} × ${round(box.height)} px target ${where} (at least 44 px)`);
    }
  };
  const startY = scrollY;
  window.scrollTo(0, 0);
  inView("in the first screen");
  window.scrollTo(0, (root.scrollHeight - height) / 2);
  if (scrollY > 0 && round(bar.getBoundingClientRect().top) !== 0) problems.push("the contact strip is not stuck at the top half way down");
  inView("half way down");
  window.scrollTo(0, startY);
  return problems;
}
