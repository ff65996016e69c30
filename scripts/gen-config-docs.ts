/**
 * `npm run docs:config`: rewrite the settings table of docs/operations.md (between `<!-- config:start -->`
 * and `<!-- config:end -->`) from lib/env.ts, the one place settings are declared. tests/unit/docs.test.ts
 * fails when the committed table differs from what this writes.
 *
 *   npx tsx scripts/gen-config-docs.ts [--check]
 *
 * `--check` writes nothing and exits 1 when the table is out of date.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { regenerate } from "../tests/support/config-docs";

const ROOT = join(import.meta.dirname, "..");
const ENV_FILE = join(ROOT, "lib", "env.ts");
const DOC_FILE = join(ROOT, "docs", "operations.md");

function main(): number {
  const doc = readFileSync(DOC_FILE, "utf8");
  const next = regenerate(doc, readFileSync(ENV_FILE, "utf8"));
  if (process.argv.includes("--check")) {
    if (next === doc) return 0;
    process.stderr.write("docs/operations.md's settings table is out of date: run `npm run docs:config`\n");
    return 1;
  }
  if (next !== doc) writeFileSync(DOC_FILE, next);
  process.stdout.write(
    next === doc ? "docs/operations.md: up to date\n" : "docs/operations.md: settings table rewritten\n",
  );
  return 0;
}

process.exit(main());
