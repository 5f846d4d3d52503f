import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTypescript,
  { ignores: [".next/**", ".next-no-analytics/**", ".open-next/**", ".generated/**", "public/generated/**", "next-env.d.ts"] },
];

export default config;
