import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Where `pnpm build:lambda` leaves the server function's copy of the build (what SST uploads). */
const SERVER_FUNCTION_DIR = path.resolve(import.meta.dirname, "../../packages/web/.open-next/server-functions/default");

/** The id `next build` wrote into the server function's copy of the build (.open-next, from `pnpm build:lambda`). */
export function artifactBuildId(): string {
  const fn = SERVER_FUNCTION_DIR;
  const found = (readdirSync(fn, { recursive: true }) as string[]).filter((file) => file.endsWith(`.next${path.sep}BUILD_ID`));
  if (found.length !== 1) throw new Error(`expected one .next/BUILD_ID in ${fn}, found ${found.length}: ${found.join(", ")}`);
  return readFileSync(path.join(fn, found[0]!), "utf8").trim();
}
