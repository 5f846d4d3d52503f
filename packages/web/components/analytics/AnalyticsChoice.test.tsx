// @vitest-environment happy-dom
/**
 * What the request for consent says, as a visitor reads it before choosing: what is collected, who
 * receives it, why and how to withdraw (what Washington's My Health My Data Act asks a consent
 * request to say), and a link to the Consumer Health Data Privacy Policy. Written out by hand.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AnalyticsChoice, type ChoicePlacement } from "./AnalyticsChoice";

/** The text of each element that shows while the visitor has not chosen yet (data-when holds "ask"), in order. */
function askedText(placement: ChoicePlacement): { text: string; links: string[] } {
  const document = new DOMParser().parseFromString(renderToStaticMarkup(<AnalyticsChoice placement={placement} />), "text/html");
  const shown = [...document.querySelectorAll("[data-when]")].filter((element) => element.getAttribute("data-when")!.split(" ").includes("ask"));
  const links = [...document.querySelectorAll("a")].map((link) => `${link.textContent} → ${link.getAttribute("href")}`);
  return { text: shown.map((element) => element.textContent).join("\n"), links };
}

const ASKED = [
  "May this site count your visit with Google Analytics? It stays off unless you allow it.",
  "What is collected: the address and title of each page you read here (only pages the site publishes), the blog category you choose, the website that sent you (its name only), and what Google Analytics notes of any visit: your device and browser, your approximate area, and a random identifier kept in a cookie." +
    "Who receives it: Google, which runs Google Analytics for this practice. Its advertising features stay off, and nothing is sold." +
    "Why: to learn which pages help people find the care they are looking for, and for nothing else." +
    "How to withdraw: at any time, with “Cookie and analytics settings” at the foot of every page: turning analytics off stops it and deletes its cookies.",
  "Allow analytics",
  "No thanks",
].join("\n");

describe("the request for analytics consent", () => {
  it.each(["page-end", "in-text"] as const)("says what, who, why and how to withdraw, and links the Consumer Health Data Privacy Policy (%s)", (placement) => {
    const { text, links } = askedText(placement);
    expect(text).toBe(ASKED);
    expect(links).toEqual(["Consumer Health Data Privacy Policy → /consumer-health-data-privacy-policy"]);
  });
});
