/**
 * Checks iam/provider-calls.ts against terraform-provider-aws's source, offline (not part of the
 * tests): for each type, it reads the Go files the table cites and every other file of their
 * package, follows the cited functions through the package's own functions they call, collects the
 * AWS operations they send, and prints those the table neither evaluates nor explains (a call a
 * deploy could be refused), and those the table lists that the source no longer calls.
 *
 *   pnpm exec tsx infra/test/iam/extract-provider-calls.ts --git DIR.git --ref v6.33.0
 *   pnpm exec tsx infra/test/iam/extract-provider-calls.ts --dir /path/to/terraform-provider-aws
 *
 * Exits 1 when the table and the source disagree. It reads operations the way the provider calls
 * them (aws-sdk-go-v2 `conn.Operation(ctx, …)`, `service.NewOperationPaginator`, the S3 upload
 * manager; aws-sdk-go v1 `OperationWithContext` / `OperationPages`); the generated tagging
 * functions (listTags, updateTags, createTags) are followed like any other.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PROVIDER_CALLS } from "./provider-calls";

interface Source {
  read(file: string): string;
  list(dir: string): string[];
}

function sourceFrom(args: string[]): Source {
  const flag = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const dir = flag("--dir");
  const git = flag("--git");
  if (dir) return { read: (file) => readFileSync(path.join(dir, file), "utf8"), list: (d) => readdirSync(path.join(dir, d)) };
  if (git) {
    const ref = flag("--ref") ?? "HEAD";
    const run = (...cmd: string[]) => execFileSync("git", ["--git-dir", git, ...cmd], { encoding: "utf8", maxBuffer: 64 << 20 });
    return { read: (file) => run("show", `${ref}:${file}`), list: (d) => run("ls-tree", "--name-only", `${ref}:${d}`).split("\n").filter(Boolean) };
  }
  throw new Error("usage: extract-provider-calls.ts (--dir CHECKOUT | --git GIT_DIR [--ref TAG])");
}

/** Every top-level function of a Go file: its name (methods as Type.name too) and its body. */
export function goFunctions(text: string): Map<string, string> {
  const functions = new Map<string, string>();
  const header = /^func (?:\(\s*\w+\s+\*?(\w+)(?:\[[^\]]*\])?\s*\)\s*)?(\w+)/gm;
  const starts = [...text.matchAll(header)];
  starts.forEach((match, i) => {
    const end = text.indexOf("\n}\n", match.index);
    const body = text.slice(match.index, end < 0 ? (starts[i + 1]?.index ?? text.length) : end + 2);
    const [, receiver, name] = match as unknown as [string, string | undefined, string];
    functions.set(receiver ? `${receiver}.${name}` : name!, body);
    if (!functions.has(name!)) functions.set(name!, body);
  });
  return functions;
}

/** The AWS operations a function body sends itself. */
export function operationsIn(body: string): string[] {
  const found = new Set<string>();
  for (const [, op] of body.matchAll(/\b(?:conn|client|\w+Conn|\w+Client)\.([A-Z]\w*?)(?:WithContext|PagesWithContext|Pages)?\(/g)) found.add(op!);
  for (const [, op] of body.matchAll(/\.New([A-Z]\w*)Paginator\(/g)) found.add(op!);
  for (const [, op] of body.matchAll(/\.New([A-Z]\w*?)(?:Exists|NotExists|Created|Deleted|Updated|Available|Active)?Waiter\(/g)) found.add(op!);
  // Not operations: client constructors and accessors that share the call shape.
  for (const op of found) if (/(Conn|Client|Options)$/.test(op) || ["Function", "Partition", "Region"].includes(op)) found.delete(op);
  if (/manager\.NewUploader\(/.test(body)) for (const op of ["PutObject", "CreateMultipartUpload", "UploadPart", "CompleteMultipartUpload", "AbortMultipartUpload"]) found.add(op);
  return [...found];
}

/** The package's functions a body calls. */
const calledIn = (body: string, functions: Map<string, string>) => [...body.matchAll(/\b([A-Za-z_]\w*)(?:\[[^\]]*\])?\(/g)].map(([, name]) => name!).filter((name) => functions.has(name));

/** The operations reachable from `roots` through the package's own functions. */
export function reachableOperations(roots: string[], functions: Map<string, string>): Set<string> {
  const seen = new Set<string>();
  const operations = new Set<string>();
  const queue = roots.filter((root) => functions.has(root));
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const body = functions.get(name)!;
    for (const op of operationsIn(body)) operations.add(op);
    for (const callee of calledIn(body, functions)) if (!seen.has(callee)) queue.push(callee);
  }
  return operations;
}

function main() {
  const source = sourceFrom(process.argv.slice(2));
  let disagreements = 0;
  for (const [type, entry] of Object.entries(PROVIDER_CALLS)) {
    if (entry.notReadYet) {
      console.log(`${type}: not read yet (${entry.notReadYet})`);
      continue;
    }
    const goFiles = entry.files.filter((file) => file.path.endsWith(".go") && file.path.startsWith("internal/service/"));
    if (goFiles.length === 0) continue;
    const dir = path.posix.dirname(goFiles[0]!.path);
    const service = entry.calls[0]!.op.split(":")[0]!;
    const functions = new Map<string, string>();
    try {
      for (const name of source.list(dir)) {
        if (!name.endsWith(".go") || name.endsWith("_test.go")) continue;
        for (const [fn, body] of goFunctions(source.read(`${dir}/${name}`))) if (!functions.has(fn)) functions.set(fn, body);
      }
    } catch (error) {
      disagreements++;
      console.log(`${type}: cannot read ${dir}: ${(error as Error).message.split("\n")[0]}`);
      continue;
    }
    // Tagging goes through the generated functions whenever the type has tags.
    const roots = [...goFiles.flatMap((file) => file.functions), ...(entry.calls.some((call) => call.sendsTags) ? ["listTags", "updateTags", "createTags"] : [])];
    const inSource = new Set([...reachableOperations(roots, functions)].map((op) => `${service}:${op}`));
    const inTable = new Set([...entry.calls.map((call) => call.op), ...(entry.notEvaluated ?? []).map((skip) => skip.op)]);
    const missing = [...inSource].filter((op) => !inTable.has(op));
    const gone = [...inTable].filter((op) => op.startsWith(`${service}:`) && !inSource.has(op));
    if (missing.length || gone.length) disagreements++;
    console.log(`${type} (${dir}): ${inSource.size} operations in the source${missing.length ? `; not in the table: ${missing.join(", ")}` : ""}${gone.length ? `; in the table, not called: ${gone.join(", ")}` : ""}`);
  }
  process.exitCode = disagreements ? 1 : 0;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) main();
