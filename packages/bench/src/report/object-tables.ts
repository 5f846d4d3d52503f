/**
 * Results files other benches own (redirects, fault, hostile, security) change shape as those
 * benches grow; they are rendered generically, so a new figure appears without a change here:
 * scalars as a figure/value table, and an object of like objects (fault phases) as one table.
 */
import { PROVENANCE_KEYS } from "../lib/results";
import { type Cell, cell, code, table } from "./markdown";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** A status → count table such as { "200": 12, "404": 3 }: shown on one line, "12 × 200, 3 × 404". */
const isCounts = (value: Json | undefined): value is Record<string, number> =>
  !!value && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length > 0 && Object.entries(value).every(([key, count]) => /^\d+$/.test(key) && typeof count === "number");
const isScalar = (value: Json | undefined): boolean => value == null || typeof value !== "object" || isCounts(value);
const isObject = (value: Json | undefined): value is JsonObject => !!value && typeof value === "object" && !Array.isArray(value);
const show = (value: Json | undefined): Cell =>
  isCounts(value)
    ? Object.entries(value)
        .map(([key, count]) => `${count} × ${key}`)
        .join(", ")
    : (value as Cell);

/** The figure/value table of `data` (provenance left out), then a table per object of like objects. */
export function objectTables(data: JsonObject): string {
  const scalars: Array<[string, Cell]> = [];
  const tables: string[] = [];
  const walk = (value: Json, keyPath: string): void => {
    if (isScalar(value)) {
      scalars.push([keyPath, show(value)]);
      return;
    }
    if (Array.isArray(value)) {
      scalars.push([keyPath, value.length && typeof value[0] === "object" ? value.map((item) => JSON.stringify(item)).join("; ") : value.join(", ")]);
      return;
    }
    const object = value as JsonObject;
    const children = Object.values(object);
    if (children.length > 1 && children.every((child) => isObject(child) && !isCounts(child))) {
      const rows = children as JsonObject[];
      const columns = [...new Set(rows.flatMap((child) => Object.keys(child).filter((key) => isScalar(child[key]))))];
      if (columns.length > 1) {
        tables.push(`${code(keyPath)}:\n\n${table(["", ...columns], Object.entries(object).map(([key, child]) => [key, ...columns.map((column) => cell(show((child as JsonObject)[column]) ?? "—"))]))}`);
        return;
      }
    }
    for (const [key, child] of Object.entries(object)) walk(child, keyPath ? `${keyPath}.${key}` : key);
  };
  for (const [key, value] of Object.entries(data)) if (!PROVENANCE_KEYS.has(key)) walk(value, key);
  return [table(["figure", "value"], scalars.map(([key, value]) => [code(key), cell(value ?? "—")])), ...tables].join("\n\n");
}
