// @ts-check
/** `pnpm test:mutation` over the redirects package (scripts/mutation.mjs runs it; docs/mutation.md has the scores). */
import { mutationConfig } from "../../scripts/mutation-config.mjs";

export default mutationConfig("redirects", {
  mutate: ["src/**/*.ts", "!src/**/*.test.ts", "!src/testing/**", "!src/**/*.d.ts"],
});
