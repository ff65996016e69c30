/**
 * `npm run check:audit`: `npm audit --omit=dev` of what the service ships, failing on any advisory that
 * scripts/audit-allowlist.json does not accept (each entry says why it was accepted).
 *
 *   npx tsx scripts/check-audit.ts [--unreachable=fail|warn]
 *
 * Exit 0: nothing, or only accepted advisories. 1: an advisory nobody reviewed. 2: npm could not
 * reach the registry's advisory service; `--unreachable=warn` turns that into a warning (for a
 * registry mirror that has no advisory endpoint), never into a pass without saying so.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ROOT } from "../tests/support/next-server";
import { advisoriesOf, AuditUnavailableError, parseAllowlist, reviewAudit } from "../tests/support/review-audit";

const ALLOWLIST = join(ROOT, "scripts", "audit-allowlist.json");

function main(): number {
  const { values } = parseArgs({ options: { unreachable: { type: "string", default: "fail" } } });
  if (values.unreachable !== "fail" && values.unreachable !== "warn") throw new Error("--unreachable is fail or warn");
  const allowlist = parseAllowlist(JSON.parse(readFileSync(ALLOWLIST, "utf8")));
  // npm exits 1 whenever it finds anything: the JSON on stdout, not the exit code, says what.
  const audit = spawnSync("npm", ["audit", "--json", "--omit=dev"], { cwd: ROOT, encoding: "utf8" });
  let advisories;
  try {
    advisories = advisoriesOf(JSON.parse(audit.stdout || "null"));
  } catch (err) {
    if (!(err instanceof AuditUnavailableError || err instanceof SyntaxError)) throw err;
    const level = values.unreachable === "warn" ? "WARNING" : "error";
    process.stderr.write(`${level}: npm audit got no report, so nothing was audited: ${err.message}\n`);
    return values.unreachable === "warn" ? 0 : 2;
  }
  const { accepted, unreviewed, stale } = reviewAudit(advisories, allowlist);
  const line = (a: (typeof advisories)[number]) => `  ${a.severity.padEnd(8)} ${a.package}  ${a.id}  ${a.title}`;
  if (accepted.length)
    process.stdout.write(`accepted (scripts/audit-allowlist.json):\n${accepted.map(line).join("\n")}\n`);
  for (const entry of stale)
    process.stdout.write(`note: ${entry.id} (${entry.package}) is no longer reported: remove it from the allowlist\n`);
  if (unreviewed.length === 0) {
    process.stdout.write(`npm audit --omit=dev: no advisory outside the allowlist\n`);
    return 0;
  }
  process.stderr.write(
    `npm audit --omit=dev: ${unreviewed.length} advisory(ies) nobody reviewed:\n${unreviewed.map(line).join("\n")}\n` +
      `Upgrade, or add each to scripts/audit-allowlist.json with the reason it does not apply.\n`,
  );
  return 1;
}

process.exit(main());
