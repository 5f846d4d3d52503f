/**
 * MDN HTTP Observatory grade for the production build, measured on loopback.
 *
 * In AWS, CloudFront terminates TLS and answers plain HTTP with a 301 to HTTPS (SST's default
 * viewer protocol policy); everything else the Observatory grades comes from the site's own
 * headers. Locally the same shape is rebuilt: a throwaway CA and certificate for `localhost`
 * (openssl), an HTTPS terminator in front of `pnpm start`, and an HTTP listener that redirects.
 * The scanner trusts the CA through NODE_EXTRA_CA_CERTS, so certificate checks stay on.
 * The Observatory package is installed on first use into bench/observatory/ (npm ci).
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { root } from "./lib.mjs";

const scannerDir = path.join(root, "bench/observatory");

/**
 * Installed without its postinstall, which downloads Chromium's HSTS preload list from GitHub (no
 * internet here). The scan only looks the scanned host up in that list, and `localhost` is never
 * on it, so an empty list grades exactly as the real one would.
 */
function installScanner() {
  const packageDir = path.join(scannerDir, "node_modules/@mdn/mdn-http-observatory");
  if (!existsSync(packageDir)) {
    execFileSync("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: scannerDir, stdio: "inherit" });
  }
  const preloadList = path.join(packageDir, "conf/hsts-preload.json");
  if (!existsSync(preloadList)) writeFileSync(preloadList, "{}\n");
}

/** A one-day CA and a `localhost` certificate it signs. */
function makeCertificates(dir) {
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=bench local CA",
    "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign",
    "-keyout", "ca.key", "-out", "ca.pem"], { cwd: dir, stdio: "ignore" });
  execFileSync("openssl", ["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout", "site.key", "-out", "site.csr"], { cwd: dir, stdio: "ignore" });
  writeFileSync(path.join(dir, "site.ext"), "subjectAltName=DNS:localhost\nextendedKeyUsage=serverAuth\n");
  execFileSync("openssl", ["x509", "-req", "-in", "site.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-days", "1",
    "-out", "site.pem", "-extfile", "site.ext"], { cwd: dir, stdio: "ignore" });
}

const listen = (server, port) => new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));

/** Runs the Observatory against `siteUrl` (a plain-HTTP production server) and returns its grade. */
export async function observatory(siteUrl, { httpPort = 3702, httpsPort = 3703 } = {}) {
  installScanner();
  const dir = mkdtempSync(path.join(tmpdir(), "observatory-"));
  makeCertificates(dir);
  const upstream = new URL(siteUrl);
  const terminator = https.createServer({ key: readFileSync(path.join(dir, "site.key")), cert: readFileSync(path.join(dir, "site.pem")) }, (req, res) => {
    const forward = http.request({
      hostname: upstream.hostname,
      port: upstream.port,
      path: req.url,
      method: req.method,
      headers: { ...req.headers, "x-forwarded-proto": "https" },
    }, (answer) => {
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
    const output = await new Promise((resolve, reject) => {
      const child = spawn("node", ["scan.mjs", "localhost", String(httpPort), String(httpsPort)], {
        cwd: scannerDir,
        env: { ...process.env, NODE_EXTRA_CA_CERTS: path.join(dir, "ca.pem") },
        stdio: ["ignore", "pipe", "inherit"],
      });
      let text = "";
      child.stdout.on("data", (chunk) => (text += chunk));
      child.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`Observatory scan exited ${code}`))));
    });
    const result = JSON.parse(output);
    return {
      grade: result.grade,
      score: result.score,
      testsPassed: `${result.testsPassed}/${result.testsQuantity}`,
      failing: Object.entries(result.tests).filter(([, test]) => !test.pass).map(([name, test]) => `${name}: ${test.result}`),
      modifiers: Object.fromEntries(Object.entries(result.tests).filter(([, test]) => test.scoreModifier !== 0).map(([name, test]) => [name, `${test.scoreModifier > 0 ? "+" : ""}${test.scoreModifier} (${test.result})`])),
    };
  } finally {
    terminator.close();
    redirector.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
