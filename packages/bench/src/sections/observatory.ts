/**
 * The `security` section: the MDN HTTP Observatory grade for the production build, on loopback.
 *
 * In AWS, CloudFront terminates TLS and answers plain HTTP with a 301 to HTTPS (SST's default
 * viewer protocol policy); everything else the Observatory grades comes from the site's own
 * headers. Locally the same shape is rebuilt: a throwaway CA and certificate for `localhost`
 * (openssl), an HTTPS terminator in front of `pnpm start`, and an HTTP listener that redirects.
 * The scanner trusts the CA through NODE_EXTRA_CA_CERTS, so certificate checks stay on.
 * The Observatory package is installed on first use into packages/bench/observatory/ (npm ci): it
 * is large and only this section uses it, so it stays out of the workspace.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { benchDir } from "../lib/paths";

const scannerDir = path.join(benchDir, "observatory");

/**
 * Installed without its postinstall, which downloads Chromium's HSTS preload list from GitHub (no
 * internet here). The scan only looks the scanned host up in that list, and `localhost` is never
 * on it, so an empty list grades exactly as the real one would.
 */
function installScanner(): void {
  const packageDir = path.join(scannerDir, "node_modules/@mdn/mdn-http-observatory");
  if (!existsSync(packageDir)) {
    execFileSync("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: scannerDir, stdio: "inherit" });
  }
  const preloadList = path.join(packageDir, "conf/hsts-preload.json");
  if (!existsSync(preloadList)) writeFileSync(preloadList, "{}\n");
}

/** A one-day CA and a `localhost` certificate it signs. */
function makeCertificates(dir: string): void {
  const openssl = (args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "ignore" });
  openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=bench local CA", "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign", "-keyout", "ca.key", "-out", "ca.pem"]);
  openssl(["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout", "site.key", "-out", "site.csr"]);
  writeFileSync(path.join(dir, "site.ext"), "subjectAltName=DNS:localhost\nextendedKeyUsage=serverAuth\n");
  openssl(["x509", "-req", "-in", "site.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-days", "1", "-out", "site.pem", "-extfile", "site.ext"]);
}

const listen = (server: http.Server, port: number) => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

/** What observatory/scan.mjs prints. */
interface Scan {
  grade: string;
  score: number;
  testsPassed: number;
  testsQuantity: number;
  tests: Record<string, { pass: boolean; result: string; scoreModifier: number }>;
}

/** security.json's figures, from the scan. */
export function gradeOf(scan: Scan) {
  const tests = Object.entries(scan.tests);
  return {
    grade: scan.grade,
    score: scan.score,
    testsPassed: `${scan.testsPassed}/${scan.testsQuantity}`,
    failing: tests.filter(([, test]) => !test.pass).map(([name, test]) => `${name}: ${test.result}`),
    modifiers: Object.fromEntries(tests.filter(([, test]) => test.scoreModifier !== 0).map(([name, test]) => [name, `${test.scoreModifier > 0 ? "+" : ""}${test.scoreModifier} (${test.result})`])),
  };
}

/** Runs the Observatory against `siteUrl` (a plain-HTTP production server) and returns its grade. */
export async function observatory(siteUrl: string, { httpPort, httpsPort }: { httpPort: number; httpsPort: number }) {
  installScanner();
  const dir = mkdtempSync(path.join(tmpdir(), "observatory-"));
  makeCertificates(dir);
  const upstream = new URL(siteUrl);
  const terminator = https.createServer({ key: readFileSync(path.join(dir, "site.key")), cert: readFileSync(path.join(dir, "site.pem")) }, (req, res) => {
    const forward = http.request({ hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, "x-forwarded-proto": "https" } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on("error", () => res.writeHead(502).end());
    req.pipe(forward);
  });
  const redirector = http.createServer((req, res) => {
    res.writeHead(301, { location: `https://localhost:${httpsPort}${req.url}` }).end();
  });
  await Promise.all([listen(terminator, httpsPort), listen(redirector, httpPort)]);
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn("node", ["scan.mjs", "localhost", String(httpPort), String(httpsPort)], {
        cwd: scannerDir,
        env: { ...process.env, NODE_EXTRA_CA_CERTS: path.join(dir, "ca.pem") },
        stdio: ["ignore", "pipe", "inherit"],
      });
      let text = "";
      child.stdout.on("data", (chunk) => (text += chunk));
      child.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`Observatory scan exited ${code}`))));
    });
    return gradeOf(JSON.parse(output) as Scan);
  } finally {
    terminator.close();
    redirector.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
