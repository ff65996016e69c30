import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { TRANSITIONS } from "@/lib/payments/transition";

const ROOT = join(import.meta.dirname, "..", "..");
const WRITER = "lib/payments/transition.ts";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sources(path);
    return /\.(ts|tsx|mjs)$/.test(name) ? [path] : [];
  });
}

/** An UPDATE of the payments table in drizzle (`.update(payments)`) or in SQL text (`update payments`, `update ${payments}`). */
export const WRITES_PAYMENTS = /\.update\(\s*(schema\.)?payments\s*\)|update\s+(\$\{\s*payments\s*\}|"?payments"?\s)/i;

describe("one writer of a payment's state", () => {
  it("no file but the transition module updates the payments table", () => {
    const offenders = ["lib", "app", "components", "scripts", "db/schema"]
      .flatMap((dir) => sources(join(ROOT, dir)))
      .map((path) => relative(ROOT, path))
      .filter((path) => path !== WRITER && WRITES_PAYMENTS.test(readFileSync(join(ROOT, path), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("the rule recognises the forms a writer would use", () => {
    expect(WRITES_PAYMENTS.test("await tx.update(payments).set({ status })")).toBe(true);
    expect(WRITES_PAYMENTS.test("sql`update ${payments} set status = 'failed'`")).toBe(true);
    expect(WRITES_PAYMENTS.test("UPDATE payments SET exception = null")).toBe(true);
    expect(WRITES_PAYMENTS.test("await tx.update(paymentSubmissions).set({ state })")).toBe(false);
  });

  it("a processing payment can only be settled, failed, released or found: never cancelled, expired or marked paid", () => {
    const fromProcessing = Object.entries(TRANSITIONS)
      .filter(([, rule]) => (rule.from as readonly string[]).includes("processing") && rule.to !== "same")
      .map(([name]) => name)
      .sort();
    expect(fromProcessing).toEqual(["fail", "found", "found_short", "release", "settle"]);
  });

  it("only a reorg can undo a success, and only a merchant's decision turns an exception into one", () => {
    const fromSucceeded = Object.entries(TRANSITIONS).filter(
      ([, rule]) => (rule.from as readonly string[]).includes("succeeded") && rule.to !== "same",
    );
    expect(fromSucceeded.map(([name]) => name)).toEqual(["reorg_fail"]);
    const toSucceeded = Object.entries(TRANSITIONS)
      .filter(([, rule]) => rule.to === "succeeded")
      .map(([name]) => name)
      .sort();
    expect(toSucceeded).toEqual(["attach", "found", "mark_paid", "settle"]);
  });
});
