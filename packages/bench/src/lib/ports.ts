/**
 * Every port a bench listens on is BENCH_PORT_BASE plus a fixed offset (0-99), so a bench can run
 * beside other servers (the e2e suite, another bench) by moving one variable. Site servers use the
 * offsets below 50; the redirects store each `pnpm start` opens uses its site's offset + 50.
 */
import { wholeNumber } from "./options";

export const PORT_OFFSETS = {
  reference: 0, // the bare Next.js page (pages, lighthouse)
  site: 1, // pnpm start (pages, lighthouse)
  withProxy: 2, // throughput: the site as built
  withoutProxy: 3, // throughput: the same site built without proxy.ts
  ceilingSite: 4, // ceiling: pnpm start
  openNextNode: 5, // ceiling: the OpenNext bundle as a Node server
  security: 6, // security: pnpm start behind the TLS terminator
  observatoryHttp: 7,
  observatoryHttps: 8,
  traffic: 9, // the traffic mix on its own (src/cli/traffic.ts)
  coldStore: 10, // coldstart: the redirects table (dynalite)
  ceilingStatic: 11, // ceiling: the in-memory static server
  redirectsWith: 12, // redirects: lookups on
  redirectsWithout: 13, // redirects: lookups off
  load: 14,
  fault: 15,
  hostile: 16,
  upgradeFlood: 17,
  slowStore: 18,
  scriptFreeCopy: 19, // floors: the pages' script-free copies (other requests pass to the site)
  baseline: 20, // floors: BENCH_BASELINE_WEB, another checkout's build (main-thread figures)
  floorsSite: 21, // floors: the site, encoded as BENCH_FLOOR_TRANSPORT says
  floorsBare: 22, // floors: the bare Next page, likewise
  floorsBaseline: 23, // floors: the baseline build, likewise
  devLoop: 24, // pnpm dev (src/cli/dev-loop.ts)
} as const;

type PortName = keyof typeof PORT_OFFSETS;

/** The offset a site's redirects store adds to the site's port. */
export const STORE_OFFSET = 50;

type Env = Readonly<Record<string, string | undefined>>;

/** BENCH_PORT_BASE, checked so base + 99 is still a port. */
const portBase = (env: Env = process.env): number => wholeNumber("BENCH_PORT_BASE", { fallback: 4600, min: 1024, max: 65_435 }, env);

export const benchPort = (name: PortName, env: Env = process.env): number => portBase(env) + PORT_OFFSETS[name];
/** The redirects store of the site on port `port` (offset + 50, still inside the block). */
export const storePortFor = (port: number): number => port + STORE_OFFSET;
/** A section's site port and its redirects store's, for `startSite({ ...benchPorts(name) })`. */
export const benchPorts = (name: PortName, env: Env = process.env) => ({ port: benchPort(name, env), storePort: storePortFor(benchPort(name, env)) });
