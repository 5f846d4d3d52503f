/**
 * The load run's traffic mix on its own, against `pnpm start` on BENCH_PORT_BASE + 9:
 *   tsx packages/bench/src/cli/traffic.ts [seconds]   (20 s by default)
 * Prints the figures as JSON, and the server's error lines when any response was a 5xx.
 */
import { benchPort } from "../lib/ports";
import { startSite } from "../lib/site";
import { fiveXxIn, runTraffic } from "../sections/traffic";

const seconds = Number(process.argv[2] ?? 20);
if (!(seconds > 0)) {
  console.error(`usage: tsx packages/bench/src/cli/traffic.ts [seconds]; got "${process.argv[2]}"`);
  process.exit(2);
}
const site = await startSite({ port: benchPort("traffic") });
try {
  const result = await runTraffic(site.url, { seconds });
  console.log(JSON.stringify(result, null, 2));
  const fiveXx = fiveXxIn(result.statuses);
  if (fiveXx > 0) {
    const errors = site.log().split("\n").filter((line) => /error|fail|5\d\d/i.test(line)).slice(-40).join("\n");
    console.error(`${fiveXx} responses were 5xx; the server's log:\n${errors}`);
  }
} finally {
  await site.stop();
}
process.exit(0);
