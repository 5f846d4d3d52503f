/**
 * `moved <old> <new>` and `gone <old>`: what became of an address the site published and no longer
 * has as a page, written into the record of published addresses (content/published.json, see
 * ../published.ts). Not a table: the record is content, committed and deployed with the change that
 * removed the page, so every stage's build answers the old address (a 301, or 410 Gone).
 */
import { contentDir } from "@practice/site-index";
import { parseTarget, redirectKey } from "../paths";
import { PUBLISHED_FILE, type PublishedRecord, readPublished, writePublished } from "../published";
import { checkTarget } from "../rules";
import { closestPage } from "../site";
import { NOT_BUILT, type RecordContext, siteOf, UsageError } from "./context";
import type { Options } from "./options";

const FILE = `content/${PUBLISHED_FILE}`;

const addresses = (count: number) => `${count} ${count === 1 ? "address" : "addresses"}`;

/** The record and the published address named, or a message saying why not (exit code 1). */
async function recorded(context: RecordContext, typed: string | undefined, command: string): Promise<{ record: PublishedRecord; address: string; dir: string } | undefined> {
  if (!typed) throw new UsageError(`${command} needs the old address (a path such as /blog/old-post)`);
  const { io } = context;
  const dir = context.contentDir ?? contentDir();
  const record = await readPublished(dir);
  if (!record) {
    io.err(`There is no ${FILE} yet: pnpm content (or pnpm build, pnpm dev) writes it. Nothing was written.`);
    return undefined;
  }
  const site = await siteOf(context);
  const address = redirectKey(typed.replace(/^https?:\/\/[^/]+/i, "")) ?? typed;
  if (!record.has(address)) {
    io.err(`${address} is not an address this site has published (${FILE} does not list it): for an old site's address, add a redirect with pnpm redirects put. Nothing was written.`);
    return undefined;
  }
  if (site?.paths.has(address)) {
    io.err(`${address} is a page of the site: it needs no redirect while it is one (remove or rename the page first). Nothing was written.`);
    return undefined;
  }
  if (!site) io.err(`Notice: not checked against the site's pages: ${NOT_BUILT}.`);
  return { record, address, dir };
}

/** The addresses that moved to `address`, which must now follow it. */
const movedInto = (record: PublishedRecord, address: string) =>
  [...record].filter(([, entry]) => {
    const target = entry.movedTo === undefined ? undefined : parseTarget(entry.movedTo);
    return target?.kind === "site" && redirectKey(target.path) === address;
  });

export async function moved(context: RecordContext, [from, to]: readonly string[], options: Options): Promise<number> {
  const { io } = context;
  if (!to) throw new UsageError("moved needs the old address and the new one: pnpm redirects moved /blog/old-post /blog/new-post");
  const found = await recorded(context, from, "moved");
  if (!found) return 1;
  const { record, address, dir } = found;
  const checked = checkTarget(to, address);
  if (!checked.ok) {
    io.err(`${checked.reason}. Nothing was written.`);
    return 1;
  }
  const site = await siteOf(context);
  const targetPath = checked.target.kind === "site" ? redirectKey(checked.target.path) : undefined;
  // The new address is where it moved: a page (one more move recorded there is followed, so the old address stays one hop).
  let target = to;
  const onward = targetPath === undefined ? undefined : record.get(targetPath);
  if (targetPath !== undefined && onward && !site?.paths.has(targetPath)) {
    if (onward.gone || onward.movedTo === undefined) {
      io.err(`${targetPath} is no page of the site either (${onward.gone ? "it is gone" : "it was published and is no longer a page"}): point ${address} at a page. Nothing was written.`);
      return 1;
    }
    target = onward.movedTo;
    io.out(`${targetPath} itself moved to ${target}: ${address} goes straight there.`);
  } else if (targetPath !== undefined && site && !site.paths.has(targetPath) && !options.force) {
    const closest = closestPage(site, targetPath);
    io.err(`${targetPath} is not a page of the site${closest ? ` (did you mean ${closest}?)` : ""}: add --force to record it anyway. Nothing was written.`);
    return 1;
  }
  const title = record.get(address)!.title;
  record.set(address, { title, movedTo: target });
  const following = movedInto(record, address).filter(([each]) => each !== address);
  for (const [each, entry] of following) record.set(each, { ...entry, movedTo: target });
  await writePublished(dir, record);
  io.out(`Recorded in ${FILE}: ${address} ("${title}") → ${target} (301).`);
  if (following.length > 0) io.out(`${addresses(following.length)} that moved to ${address} now ${following.length === 1 ? "goes" : "go"} straight to ${target} too: ${following.map(([each]) => each).join(", ")}.`);
  io.err(`The site answers it from its next build (under pnpm dev, at the next compile), on every stage once deployed: commit ${FILE} with your content.`);
  return 0;
}

export async function gone(context: RecordContext, [from]: readonly string[]): Promise<number> {
  const { io } = context;
  const found = await recorded(context, from, "gone");
  if (!found) return 1;
  const { record, address, dir } = found;
  const title = record.get(address)!.title;
  record.set(address, { title, gone: true });
  // What moved here has nowhere to go now: gone too, rather than a redirect to a page that answers 410.
  const following = movedInto(record, address);
  for (const [each, entry] of following) record.set(each, { title: entry.title, gone: true });
  await writePublished(dir, record);
  io.out(`Recorded in ${FILE}: ${address} ("${title}") is gone (410).`);
  if (following.length > 0) io.out(`${addresses(following.length)} that moved to ${address} ${following.length === 1 ? "is" : "are"} gone too: ${following.map(([each]) => each).join(", ")}.`);
  io.err(`The site answers it from its next build (under pnpm dev, at the next compile), on every stage once deployed: commit ${FILE} with your content.`);
  return 0;
}
