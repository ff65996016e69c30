import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Domain folders of lib/ (design.md): what the bottom layers may never import.
const DOMAINS = [
  "payments",
  "listings",
  "merchants",
  "gateway",
  "settlement",
  "submissions",
  "webhooks",
  "dashboard",
  "fees",
  "operations",
  "jobs",
  "wallet",
  "openapi",
  "prices",
];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    ".next-*/**",
    ".data/**",
    ".devnet/**",
    "node_modules/**",
    "next-env.d.ts",
    "db/migrations/**",
    "tests/artifacts/**",
  ]),
  {
    rules: {
      // Configuration is read in one place (lib/env.ts) so every setting is validated and documented.
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read settings through lib/env.ts" },
      ],
    },
  },
  {
    // The house's floors (CODE_STYLE.md): the bottom layers never import a domain above them.
    files: ["lib/http/**", "lib/errors/**", "lib/money/**", "db/**"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: ["./lib/http", "./lib/errors", "./lib/money", "./db"],
              from: DOMAINS.map((d) => `./lib/${d}`),
              message: "A bottom layer (lib/http, lib/errors, lib/money, db) must not import a domain above it.",
            },
            {
              target: "./lib/money",
              from: ["./lib/chains"],
              message: "lib/money sits below the chains: use its own narrow types (PricedToken).",
            },
            {
              target: "./lib/errors",
              from: ["./lib/http", "./lib/money", "./db", "./lib/auth"],
              message: "lib/errors depends on nothing of ours.",
            },
          ],
        },
      ],
    },
  },
  {
    // Confirm (lib/gateway) and the watcher (lib/settlement) both record and send submissions; what they
    // share lives below them in lib/submissions, so neither reaches into the other (issue 28).
    files: ["lib/gateway/**", "lib/settlement/**"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./lib/gateway",
              from: "./lib/settlement",
              message: "lib/gateway must not import lib/settlement: move what both need to lib/submissions.",
            },
            {
              target: "./lib/settlement",
              from: "./lib/gateway",
              message: "lib/settlement must not import lib/gateway: move what both need to lib/submissions.",
            },
          ],
        },
      ],
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
