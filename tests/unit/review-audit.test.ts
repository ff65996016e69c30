import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  advisoriesOf,
  AuditUnavailableError,
  parseAllowlist,
  reviewAudit,
  type Allowlist,
} from "../support/review-audit";

// The shape of `npm audit --json --omit=dev` (report version 2), cut down to what matters.
const report = {
  auditReportVersion: 2,
  vulnerabilities: {
    "bigint-buffer": {
      name: "bigint-buffer",
      severity: "high",
      via: [
        {
          source: 1103747,
          name: "bigint-buffer",
          dependency: "bigint-buffer",
          title: "bigint-buffer Vulnerable to Buffer Overflow via toBigIntLE() Function",
          url: "https://github.com/advisories/GHSA-3gc7-fjrx-p6mg",
          severity: "high",
          range: "<=1.1.5",
        },
      ],
    },
    "@solana/buffer-layout-utils": { name: "@solana/buffer-layout-utils", severity: "high", via: ["bigint-buffer"] },
    ws: {
      name: "ws",
      severity: "high",
      via: [
        {
          source: 1098392,
          name: "ws",
          title: "ws affected by a DoS when handling a request with many HTTP headers",
          url: "https://github.com/advisories/GHSA-3h5v-q93c-6h6q",
          severity: "high",
        },
      ],
    },
  },
  metadata: {},
};

const allowlist: Allowlist = {
  advisories: [
    {
      id: "GHSA-3gc7-fjrx-p6mg",
      package: "bigint-buffer",
      reason: "the native addon is never built",
      reviewed: "2026-11-26",
    },
    {
      id: "GHSA-93q8-gq69-wqmw",
      package: "ansi-regex",
      reason: "fixed upstream since, entry left behind",
      reviewed: "2026-01-02",
    },
  ],
};

describe("the audit check", () => {
  it("accepts an allowlisted advisory, fails on one nobody reviewed, and names allowlist entries to prune", () => {
    const advisories = advisoriesOf(report);
    expect(advisories.map((a) => `${a.package} ${a.id}`).sort()).toEqual([
      "bigint-buffer GHSA-3gc7-fjrx-p6mg",
      "ws GHSA-3h5v-q93c-6h6q",
    ]);
    const review = reviewAudit(advisories, allowlist);
    expect(review.accepted.map((a) => a.package)).toEqual(["bigint-buffer"]);
    expect(review.unreviewed.map((a) => a.id)).toEqual(["GHSA-3h5v-q93c-6h6q"]);
    expect(review.stale.map((e) => e.package)).toEqual(["ansi-regex"]);
  });

  it("does not accept an allowlisted advisory id for another package", () => {
    const moved = { ...allowlist, advisories: [{ ...allowlist.advisories[0]!, package: "bigint-buffer-fork" }] };
    expect(reviewAudit(advisoriesOf(report), moved).unreviewed).toHaveLength(2);
  });

  it("treats npm's error answer (an advisory service it cannot reach) as no audit, not as a clean one", () => {
    const refused = {
      message: "405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
    };
    expect(() => advisoriesOf(refused)).toThrow(AuditUnavailableError);
    expect(() => advisoriesOf(null)).toThrow(AuditUnavailableError);
  });

  it("reads the project's allowlist: every entry names an advisory, a package, a reason and a review date", () => {
    const file = JSON.parse(
      readFileSync(join(import.meta.dirname, "..", "..", "scripts", "audit-allowlist.json"), "utf8"),
    );
    expect(parseAllowlist(file).advisories.length).toBeGreaterThan(0);
    expect(() => parseAllowlist({ advisories: [{ id: "GHSA-3gc7-fjrx-p6mg", package: "x", reason: "ok" }] })).toThrow();
  });
});
