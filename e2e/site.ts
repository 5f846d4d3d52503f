/** The built site's own registry, read from the compiled content the server is serving. */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Content } from "../packages/web/lib/content/types";
import { buildRegistry, type RouteEntry } from "../packages/web/lib/routes/registry";
import { formatTitle } from "../packages/web/lib/seo/title";

const generated = path.resolve(import.meta.dirname, "../packages/web/.generated/content.json");
export const content = JSON.parse(readFileSync(generated, "utf8")) as Content;
export const routes: RouteEntry[] = buildRegistry(content);
export const route = (p: string) => {
  const entry = routes.find((r) => r.path === p);
  if (!entry) throw new Error(`no route ${p}`);
  return entry;
};
export const expectedTitle = (p: string) => formatTitle(route(p).title, content.site.siteName);

/** The spec's routes, written out here so a page missing from the content fails a test. */
export const SPEC_PAGES = ["/", "/about-me", "/contact", "/ratesAndInsurance", "/policies", "/blog", "/privacy-policy", "/FAQPage", "/sitemap"];
export const SPEC_SERVICES = [
  "couplesTherapy", "individualTherapy", "marathonCouplesTherapy", "rentonCouplesTherapy", "tacomaCouplesTherapy",
  "couplesTherapySeattle", "seattleCouplesTherapy", "bellevueCouplesTherapy", "marathonTherapySeattle",
  "individualTherapyTacoma", "couplesCounselingSeattle", "individualTherapySeattle", "individualTherapyBellevue",
  "rentonMarathonCouplesTherapy", "relationshipCounselingSeattle", "seattleMarathonCouplesTherapy",
  "bellevueMarathonCouplesTherapy", "seattleInternsiveCouplesCounseling",
];
export const SPEC_LOCATIONS = ["seattle", "bellevue", "tacoma", "renton"];
export const SPEC_VARIATIONS = ["couplesTherapy", "individualTherapy", "marathonCouplesTherapy"];
