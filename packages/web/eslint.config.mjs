import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTypescript,
  { ignores: [".next/**", ".next-second-practice/**", ".open-next/**", ".generated/**", "public/generated/**", "next-env.d.ts"] },
  // What serves requests reads the compiled content (lib/content), never the compiler (sharp,
  // chokidar, the schemas): it may name the compiler's types, which leave nothing in a bundle.
  {
    files: ["app/**", "components/**", "lib/**", "proxy.ts"],
    ignores: ["lib/content-compiler/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/content-compiler/**", "@/lib/content-compiler/**"], allowTypeImports: true, message: "Request-time code reads lib/content; the compiler runs at build time only." }] },
      ],
    },
  },
];

export default config;
