import { afterEach, describe, expect, it, vi } from "vitest";

const scriptSources = (policy: string) => /script-src ([^;]+)/.exec(policy)?.[1]?.split(" ") ?? [];

async function policiesWhen(nodeEnv: string) {
  vi.stubEnv("NODE_ENV", nodeEnv);
  vi.resetModules();
  const { CONTENT_SECURITY_POLICY, PRERENDERED_PAGE_POLICY, perRequestPolicy } = await import("./security-headers");
  return [CONTENT_SECURITY_POLICY, PRERENDERED_PAGE_POLICY, perRequestPolicy("bm9uY2U=")];
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("the script policy", () => {
  it("lets React's development build use eval under pnpm dev (else the dev overlay reports every page), and never in a build", async () => {
    for (const policy of await policiesWhen("development")) expect(scriptSources(policy)).toContain("'unsafe-eval'");
    for (const policy of await policiesWhen("production")) expect(scriptSources(policy)).not.toContain("'unsafe-eval'");
  });
});
