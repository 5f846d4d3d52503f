/**
 * Reading a results folder back for the report: each section's JSON, and the Lighthouse figures
 * recomputed from the saved reports themselves, not from the summaries the run wrote.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { resultsDir, resultsLabel } from "../lib/paths";
import { type Provenance, type ResultsIndex, readIndex } from "../lib/results";
import { round } from "../lib/stats";
import type { FloorsResult } from "../sections/floors";
import { figures, readReport, type Summary, summarize } from "../sections/lighthouse";
import type { LighthouseResult } from "../sections/pages";
import { code } from "./markdown";

/** A results file that is not there: the aims table shows "not measured" for it, other blocks fail. */
export class Missing extends Error {}

/** A results file as written: its provenance (absent from files older than it), then the section's figures. */
type Loaded<T> = T & Partial<Provenance>;

/** `BENCH_X=1 BENCH_Y=2`: the knobs a run was made with, as a command line's prefix. */
const knobsText = (data: { knobs?: Record<string, string> }): string =>
  Object.entries(data.knobs ?? {})
    .map(([key, value]) => `${key}=${value}`)
    .join(" ");

/** The command that measured, knobs first. */
export const commandText = (data: { knobs?: Record<string, string>; command?: string }, fallback: string): string => `${knobsText(data) ? `${knobsText(data)} ` : ""}${data.command ?? fallback}`;

export type LighthousePage = { path: string; family: string } & Summary & { lcpRatioToBare: number };

/** A floors variant's figures per throttling method. */
export interface ByMethod<T> {
  simulate: T;
  devtools: T;
}

export type FloorsPage = FloorsResult["pages"][number] & ByMethod<{ page: Summary; copy: Summary }> & { observedLcpRatioToCopy: number };
export type FloorsBare = FloorsResult["bareNextPage"] & ByMethod<Summary>;

/** A results folder (the committed one unless told), and the name the report gives it. */
export class Results {
  constructor(
    readonly dir = resultsDir,
    readonly label = resultsLabel,
  ) {}

  load<T extends object>(name: string): Loaded<T> {
    const file = path.join(this.dir, `${name}.json`);
    if (!existsSync(file)) throw new Missing(`${this.label}/${name}.json is missing: run \`pnpm bench ${name}\``);
    return JSON.parse(readFileSync(file, "utf8")) as Loaded<T>;
  }

  index(): ResultsIndex {
    return readIndex(this.dir);
  }

  /** A field the table needs; a results file without it was written by a different bench. */
  need<T = unknown>(object: object, keyPath: string, section: string): T {
    const value = keyPath.split(".").reduce<unknown>((at, key) => (at == null ? undefined : (at as Record<string, unknown>)[key]), object);
    if (value === undefined) throw new Error(`${this.label}/${section}.json has no "${keyPath}": regenerate it with \`pnpm bench ${section}\``);
    return value as T;
  }

  /** The line every table opens with: the file, the command, the commit, when, and how busy the machine was. */
  source(name: string, data: Partial<Provenance>): string {
    return `From ${code(`${this.label}/${name}.json`)}: ${code(commandText(data, `pnpm bench ${name}`))}, commit ${data.commit ?? "?"}, ${data.measuredAt?.slice(0, 16).replace("T", " ") ?? "?"} UTC, load average ${data.loadAverage1m ?? "?"}.`;
  }

  /** The summary of the saved reports `files` lists (relative to the folder), read again. */
  private summaryOf(files: readonly string[], section: string): Summary {
    return summarize(
      files.map((file) => {
        const full = path.join(this.dir, file);
        if (!existsSync(full)) throw new Error(`${this.label}/${section}.json lists ${file}, which is not there: rerun \`pnpm bench ${section}\``);
        return figures(readReport(full));
      }),
    );
  }

  /** Lighthouse figures recomputed from the saved reports. */
  lighthouse() {
    const data = this.load<LighthouseResult>("lighthouse");
    const bare = this.summaryOf(this.need<string[]>(data, "bareNextPage.files", "lighthouse"), "lighthouse");
    const pages = this.need<LighthouseResult["pages"]>(data, "pages", "lighthouse").map((page): LighthousePage => {
      const summary = this.summaryOf(page.files, "lighthouse");
      return { path: page.path, family: page.family, ...summary, lcpRatioToBare: round(summary.lcpMs / bare.lcpMs, 2) };
    });
    return { data, bare, pages };
  }

  /** The floors section, its Lighthouse figures recomputed from the saved reports. */
  floors() {
    const data = this.load<FloorsResult>("floors");
    const read = (files: readonly string[] | undefined) => this.summaryOf(files ?? [], "floors");
    const bareFiles = this.need<Record<string, string[]>>(data, "bareNextPage.files", "floors");
    const bare: FloorsBare = { ...data.bareNextPage, simulate: read(bareFiles.simulate), devtools: read(bareFiles.devtools) };
    const pages = this.need<FloorsResult["pages"]>(data, "pages", "floors").map((page): FloorsPage => {
      const simulate = { page: read(page.files["simulate:page"]), copy: read(page.files["simulate:copy"]) };
      const devtools = { page: read(page.files["devtools:page"]), copy: read(page.files["devtools:copy"]) };
      return { ...page, simulate, devtools, observedLcpRatioToCopy: round(devtools.page.observedLcpMs / devtools.copy.observedLcpMs, 2) };
    });
    return { data, bare, pages };
  }
}
