"use client";
import { usePathname } from "next/navigation";
import { useEffect } from "react";

/** The id the address's fragment names ("" for none, or for a fragment that is not valid percent-encoding). */
function fragmentId(): string {
  try {
    return decodeURIComponent(location.hash.slice(1));
  } catch {
    return "";
  }
}

/** Opens the answer whose question the address's fragment names, and brings it into view. */
function openLinkedAnswer() {
  const id = fragmentId();
  const question = id ? document.getElementById(id) : null;
  const details = question?.closest("details");
  if (!question || !details || details.open) return;
  details.open = true;
  question.scrollIntoView();
}

/**
 * A link to one question (/FAQPage#how-long-is-a-session) opens its answer: on a page load, after
 * a client-side navigation and when the fragment changes. The browser opens a closed <details> by
 * itself only for a target in its hidden part, and a question is the always-shown summary.
 */
export function OpenLinkedAnswer() {
  const pathname = usePathname();
  useEffect(() => {
    openLinkedAnswer();
    window.addEventListener("hashchange", openLinkedAnswer);
    return () => window.removeEventListener("hashchange", openLinkedAnswer);
  }, [pathname]);
  return null;
}
