/**
 * The MDN HTTP Observatory's own scan (src/scanner/index.js in @mdn/mdn-http-observatory), with the
 * ports passed to its retriever: the published `scan()` only reaches ports 80/443, and this
 * benchmark runs on loopback behind a local TLS terminator. Same tests, same grading.
 * Usage: node scan.mjs HOST HTTP_PORT HTTPS_PORT  (prints JSON)
 */
import { ALL_TESTS, NUM_TESTS } from "@mdn/mdn-http-observatory/src/constants.js";
import { MINIMUM_SCORE_FOR_EXTRA_CREDIT } from "@mdn/mdn-http-observatory/src/grader/charts.js";
import { getGradeForScore, getScoreModifier } from "@mdn/mdn-http-observatory/src/grader/grader.js";
import { retrieve } from "@mdn/mdn-http-observatory/src/retriever/retriever.js";

const [host, httpPort, httpsPort] = process.argv.slice(2);
const requests = await retrieve(host, { httpPort: Number(httpPort), httpsPort: Number(httpsPort) });
if (!requests.responses.auto) throw new Error(`Observatory could not reach ${host}`);

const results = ALL_TESTS.map((test) => test(requests));
let withExtraCredit = 100;
let uncurved = 100;
let passed = 0;
const tests = {};
for (const result of results) {
  const modifier = result.result ? getScoreModifier(result.result) : 0;
  passed += result.pass ? 1 : 0;
  withExtraCredit += modifier;
  if (modifier < 0) uncurved += modifier;
  tests[result.constructor.name] = { pass: result.pass, result: result.result, scoreModifier: modifier };
}
const { grade, score } = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved);
console.log(JSON.stringify({ grade, score, testsPassed: passed, testsQuantity: NUM_TESTS, statusCode: requests.responses.auto.status, tests }));
