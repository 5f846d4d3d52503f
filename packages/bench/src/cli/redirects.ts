/**
 * `pnpm bench:redirects`: the redirects section on its own (a production build needed);
 * `pnpm bench:redirects cli`: only the CLI at scale (no build needed), written as redirects-cli.json;
 * `pnpm bench:redirects lookup`: what query rows cost the lookup, in process (no build needed), printed.
 */
import { writeResult } from "../lib/results";
import { cliBench, redirectsBench } from "../sections/redirects";
import { lookupBench } from "../sections/redirects-lookup";

if (process.argv[2] === "cli") writeResult("redirects-cli", await cliBench());
else if (process.argv[2] === "lookup") await lookupBench();
else console.log(JSON.stringify(await redirectsBench(), null, 2));
process.exit(0);
