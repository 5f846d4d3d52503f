/**
 * The content's rules that no one file shows: each check reads the compiled content and warns
 * about what the owner should fix, naming the file; the site builds anyway (`pnpm content` prints
 * the warnings, `pnpm dev` too on every save). One module per check: a new rule is a module here
 * and a line in CONTENT_CHECKS.
 */
import type { Content } from "../../content/types";
import { americanSpelling } from "./american-spelling";
import { analyticsConsent } from "./analytics-consent";
import { categorySpelling } from "./category-spelling";
import { copiedCities } from "./copied-cities";
import { crisisLinks } from "./crisis-links";
import { duplicateCopies } from "./duplicate-copies";
import { intensivesInPerson, scheduleSums, specialtiesInScope, typedCityLists } from "./copy-facts";
import { hoursKept } from "./hours";
import { mainImages } from "./main-images";
import { outcomeClaims } from "./outcome-promises";
import { privacyPolicyFacts } from "./privacy-policy";
import { type MarkdownSource, markdownSources } from "./sources";
import { nearCopies } from "./near-copies";
import { postSections } from "./post-sections";
import { rateCardHeadings } from "./rate-card-headings";
import { sampleValuesCheck } from "./sample-values";
import { titleLength } from "./title-length";
import { typedFacts } from "./typed-facts";
import { unconfiguredCities } from "./unconfigured-cities";

export interface CheckContext {
  /** The content folder, for the checks that read the files as the owner wrote them. */
  contentDir: string;
  /** The content's markdown as written (./sources.ts), read once for all the checks of a compile. */
  markdown(): Promise<MarkdownSource[]>;
  /** A warning about `file` (`content/blog/x.md`), optionally about one of its fields. */
  warn(file: string, message: string, field?: string): void;
}

export type ContentCheck = (content: Content, context: CheckContext) => void | Promise<void>;

const CONTENT_CHECKS: readonly ContentCheck[] = [
  duplicateCopies,
  categorySpelling,
  postSections,
  nearCopies,
  titleLength,
  rateCardHeadings,
  typedFacts,
  americanSpelling,
  unconfiguredCities,
  copiedCities,
  hoursKept,
  scheduleSums,
  intensivesInPerson,
  specialtiesInScope,
  typedCityLists,
  privacyPolicyFacts,
  analyticsConsent,
  mainImages,
  outcomeClaims,
  crisisLinks,
  // Last: the list of what is still the sample's, to replace before going live.
  sampleValuesCheck,
];

export async function runContentChecks(content: Content, context: Omit<CheckContext, "markdown">): Promise<void> {
  let read: Promise<MarkdownSource[]> | undefined;
  const markdown = () => (read ??= markdownSources(context.contentDir));
  for (const check of CONTENT_CHECKS) await check(content, { ...context, markdown });
}
