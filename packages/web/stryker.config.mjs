// @ts-check
/** `pnpm test:mutation` over the site's lib/ (scripts/mutation.mjs runs it; docs/mutation.md has the scores). */
import { mutationConfig } from "../../scripts/mutation-config.mjs";

export default mutationConfig("web", {
  mutate: ["lib/**/*.ts", "lib/**/*.tsx", "!lib/**/*.test.ts", "!lib/**/*.test.tsx", "!lib/**/testing/**"],
  // Build output the tests never read: not copied into the sandbox.
  ignorePatterns: [".next-*", ".open-next", "public/generated/img", "public/generated/media"],
});
