/**
 * The redirect lookup's budget for every test server that reads a real table: `pnpm start` and
 * `pnpm dev` in the browser tests, `pnpm preview`, the server function in infra/test/lambda.test.ts.
 *
 * A lookup waits 150 ms, then serves the page without its redirect (fail open). On a loaded test
 * machine the table, or the server, can take longer than that, and a legacy URL would then 404 for
 * that reason alone: a test about redirects would be a test of the machine's speed. So they all
 * wait longer, this one value. What the budget does when the table is slow has its own tests with
 * an injected clock (lookup.test.ts), and one test runs the server function as shipped to prove
 * its budget is 150 ms (lambda.test.ts).
 */
import { LOOKUP_VARIABLES } from "../config";

export const TEST_LOOKUP_BUDGET_MS = 2000;

/** The variables that give a test server that budget. */
export const TEST_LOOKUP_BUDGET = { [LOOKUP_VARIABLES.budgetMs]: String(TEST_LOOKUP_BUDGET_MS) };
