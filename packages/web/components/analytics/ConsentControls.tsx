"use client";
import { usePathname } from "next/navigation";
import { useEffect } from "react";
import type { ConsentChoice } from "@/lib/analytics/consent";
import { CHOICE_PANEL_ATTRIBUTE, CHOOSE_ATTRIBUTE, SETTINGS_ATTRIBUTE } from "./choice-attributes";
import { chooseConsent, consentState } from "./consent-state";

const PANEL = `[${CHOICE_PANEL_ATTRIBUTE}]`;

/** The line of a choice (the one given, or else the first the page shows) that says the current state. */
function statusLine(panel: Element | null): HTMLElement | null {
  const shown = panel ?? Array.from(document.querySelectorAll<HTMLElement>(PANEL)).find((candidate) => candidate.checkVisibility());
  return shown?.querySelector<HTMLElement>(`p[data-when~="${consentState() ?? "none"}"]`) ?? null;
}

/**
 * Makes the analytics choices work, from one click listener on the document: a choice's button
 * records the visitor's answer (and the choice stays open, saying what is now on, with focus on
 * that line so a screen reader reads it); the footer's settings button opens the end-of-page
 * choice and moves focus to it. A client-side navigation closes it again.
 */
export function ConsentControls() {
  const pathname = usePathname();

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element)) return;
      const choice = event.target.closest(`button[${CHOOSE_ATTRIBUTE}]`);
      const settings = event.target.closest(`button[${SETTINGS_ATTRIBUTE}]`);
      if (!choice && !settings) return;
      const panel = choice?.closest(PANEL) ?? null;
      if (choice) chooseConsent(choice.getAttribute(CHOOSE_ATTRIBUTE) as ConsentChoice);
      if (settings || panel?.getAttribute(CHOICE_PANEL_ATTRIBUTE) === "page-end") document.documentElement.setAttribute(SETTINGS_ATTRIBUTE, "open");
      statusLine(panel)?.focus();
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  useEffect(() => {
    document.documentElement.removeAttribute(SETTINGS_ATTRIBUTE);
  }, [pathname]);

  return null;
}
