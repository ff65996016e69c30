import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", ".next-*/**", ".data/**", ".devnet/**", "node_modules/**", "next-env.d.ts", "db/migrations/**", "tests/artifacts/**"]),
  {
    rules: {
      // Configuration is read in one place (lib/env.ts) so every setting is validated and documented.
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read settings through lib/env.ts" }],
    },
  },
  {
    // Playwright fixtures declare "no dependencies" with an empty destructuring pattern.
    files: ["tests/support/e2e/**"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    files: ["lib/env.ts", "instrumentation.ts", "scripts/**", "tests/**", "drizzle.config.ts", "next.config.ts"],
    rules: { "no-restricted-properties": "off" },
  },
]);
