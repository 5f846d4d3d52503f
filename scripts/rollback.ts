/**
 * `pnpm rollback v1.4.2`: production back to v1.4.2's server and files (its code and content), with
 * the newest release's infrastructure, so no newer alarm, WAF rule, header or budget is undone
 * (docs/deploying.md, "Rolling back"). It dispatches production.yml on the newest release tag on
 * main with `code: v1.4.2`, through GitHub's CLI (`gh`, signed in); the run waits for a reviewer like
 * any production deploy, and its first job refuses anything but the newest release and an earlier
 * release on main.
 *
 * Whole releases are not rolled back this way: `gh workflow run production.yml --ref v1.4.2` deploys
 * v1.4.2's infrastructure too (its alarms, WAF and headers as they were then).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The dispatch for a code rollback to `code`, given the release tags on main, newest first (`git tag
 * --merged origin/main --list 'v*' --sort=-v:refname`), or why there is none.
 */
export function rollbackDispatch(code: string, releasesNewestFirst: readonly string[]): { argv: string[] } | { error: string } {
  const [newest] = releasesNewestFirst;
  if (!newest) return { error: "There is no release tag (v…) on main: nothing is in production to roll back." };
  if (!releasesNewestFirst.includes(code)) return { error: `${code} is not a release tag on main (the releases: ${releasesNewestFirst.slice(0, 5).join(", ")}${releasesNewestFirst.length > 5 ? ", …" : ""}).` };
  if (code === newest) return { error: `${code} is the newest release: to deploy it again whole, gh workflow run production.yml --ref ${code}` };
  return { argv: ["gh", "workflow", "run", "production.yml", "--ref", newest, "-f", `code=${code}`] };
}

function git(args: string[]): string {
  const result = spawnSync("git", args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr.trim()}`);
  return result.stdout;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const [code, ...rest] = process.argv.slice(2);
  if (!code || rest.length > 0 || code.startsWith("-")) {
    console.error("usage: pnpm rollback vX.Y.Z   (the earlier release whose code to put back in production)");
    process.exit(2);
  }
  git(["fetch", "--quiet", "--tags", "origin", "main"]);
  const releases = git(["tag", "--merged", "origin/main", "--list", "v*", "--sort=-v:refname"]).split("\n").filter(Boolean);
  const dispatch = rollbackDispatch(code, releases);
  if ("error" in dispatch) {
    console.error(dispatch.error);
    process.exit(1);
  }
  console.log(`${dispatch.argv.join(" ")}\n(code of ${code}, infrastructure of ${releases[0]}; approve the run in Actions → production)`);
  const result = spawnSync(dispatch.argv[0]!, dispatch.argv.slice(1), { stdio: "inherit" });
  process.exit(result.status ?? 1);
}
