/**
 * A production deploy never drops an address the site has published (content/published.json, kept
 * by each content compile: packages/redirects/src/published.ts) without saying what becomes of it.
 * Checked offline, before anything is planned, against the pages this deploy's content compiles to:
 * every page must be in the record (so a later change cannot drop it unseen), and every recorded
 * address that is no longer a page must move to a page (a 301) or be gone (410). The build answers
 * those from the record itself, so nothing here depends on the stage's redirects table.
 * Other stages deploy anyway: the compile warns about the same addresses.
 */
import path from "node:path";
import { readPublished, reconcile } from "@practice/redirects/published";

const FILE = "content/published.json";

/** What a production deploy of `routes` (the compiled pages' paths) would drop, one line each; none for another stage. */
export async function droppedAddressProblems(stage: string, routes: readonly string[], contentDir = path.resolve(process.env.CONTENT_DIR ?? "content")): Promise<string[]> {
  if (stage !== "production") return [];
  const record = await readPublished(contentDir);
  if (!record) return [`${FILE} is missing: run pnpm content (or pnpm build), which writes it, and commit it with the content.`];
  const { added, dropped, broken } = reconcile(
    record,
    routes.map((route) => ({ path: route, title: record.get(route)?.title ?? "" })),
  );
  const problems: string[] = [];
  if (added.length > 0) {
    problems.push(`${FILE} does not list ${added.length === 1 ? "a page" : `${added.length} pages`} this deploy publishes (${added.slice(0, 3).join(", ")}${added.length > 3 ? ", …" : ""}): run pnpm content and commit the file, so that no later change can drop ${added.length === 1 ? "it" : "them"} unseen.`);
  }
  for (const { path: address, title } of dropped) {
    problems.push(`${address} ("${title}") was published and is no longer a page: pnpm redirects moved ${address} /new-address (pnpm content suggests one), or pnpm redirects gone ${address}; then commit ${FILE}.`);
  }
  for (const { path: address, reason } of broken) problems.push(`${address} ${reason}: pnpm redirects moved ${address} /new-address, or pnpm redirects gone ${address}; then commit ${FILE}.`);
  return problems;
}

/** Throws, listing every published address a deploy of `stage` would leave answering "Page not found". */
export async function refuseDroppedAddresses(stage: string, routes: readonly string[], contentDir?: string): Promise<void> {
  const problems = await droppedAddressProblems(stage, routes, contentDir);
  if (problems.length > 0) {
    throw new Error(`The ${stage} stage would be deployed with addresses it published answering "Page not found"; nothing was planned or changed:\n- ${problems.join("\n- ")}`);
  }
}
