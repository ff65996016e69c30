import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import type { Db } from "@/db/client";
import { runMigrations } from "@/db/migrate";
import * as schema from "@/db/schema";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { checkDueSubmissions } from "@/lib/settlement/check-due-submissions";
import type { DevnetInfo } from "@payment-service/devnet";
import { seedSubmissions, seedTarget, setDue } from "./watcher-seed";

export type PassFigures = {
  notDue: number;
  due: number;
  passes: number;
  queries: number[];
  statements: Record<string, number>;
  claimed: number;
  medianMs: number;
  maxMs: number;
};
export type ClaimPlan = { notDue: number; due: number; lines: string[]; usesDueIndex: boolean };

/** The first words of a statement: `update "payment_submissions"`, `select`, `begin`. */
const kindOf = (query: string) =>
  query
    .trim()
    .split(/\s+/)
    .slice(0, query.trim().startsWith("update") ? 2 : 1)
    .join(" ")
    .toLowerCase();

/**
 * Watcher passes (lib/settlement's checkDueSubmissions, in this process) against a database of
 * their own, on a postgres.js client whose `debug` hook counts every statement it sends (begin and
 * commit included). For 0, 10 and `notDue` open submissions that are not due, with no due rows and
 * with `due` due ones (wallet-sent transfers the chain does not know yet: looked at on the devnet,
 * rescheduled), `passes` passes each, the due rows made due again before each pass by another
 * client. Also EXPLAIN ANALYZE of the claim statement as the pass sent it, in a rolled-back transaction.
 */
export async function measureWatcherPasses({
  url,
  devnet,
  notDue,
  due,
  passes,
}: {
  url: string;
  devnet: DevnetInfo;
  notDue: number;
  due: number;
  passes: number;
}) {
  await runMigrations(url);
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const sent: { query: string; params: unknown[] }[] = [];
  const counted = postgres(url, {
    max: 4,
    onnotice: () => {},
    debug: (_c, query, params) => void sent.push({ query, params }),
  });
  const db = drizzle(counted, { schema }) as unknown as Db;
  try {
    const { merchantId } = await createMerchant(drizzle(admin, { schema }) as unknown as Db, {
      name: "Watcher Bench",
      currency: "USD",
    });
    const target = seedTarget(devnet, merchantId);
    await seedSubmissions(admin, { t: target, kind: "due", from: 1, to: due });
    const figures: PassFigures[] = [];
    const plans: ClaimPlan[] = [];
    let seeded = 0;
    for (const level of [0, 10, notDue]) {
      if (level > seeded) await seedSubmissions(admin, { t: target, kind: "not_due", from: seeded + 1, to: level });
      seeded = level;
      for (const dueNow of [0, due]) {
        const times: number[] = [];
        const queries: number[] = [];
        const statements: Record<string, number> = {};
        let claimed = 0;
        // One pass first that is not measured: the client's connection and prepared statements.
        for (let pass = 0; pass <= passes; pass++) {
          await setDue(admin, dueNow > 0);
          sent.length = 0;
          const started = performance.now();
          const looked = await checkDueSubmissions(db);
          if (pass === 0) continue;
          times.push(performance.now() - started);
          queries.push(sent.length);
          claimed = looked;
          if (pass === 1) for (const s of sent) statements[kindOf(s.query)] = (statements[kindOf(s.query)] ?? 0) + 1;
        }
        const claim = sent[0]!;
        if (level === notDue)
          plans.push({ notDue: level, due: dueNow, ...(await explainClaim(admin, claim, dueNow > 0)) });
        const sorted = [...times].sort((a, b) => a - b);
        figures.push({
          notDue: level,
          due: dueNow,
          passes,
          queries,
          statements,
          claimed,
          medianMs: sorted[Math.floor(sorted.length / 2)]!,
          maxMs: sorted.at(-1)!,
        });
      }
    }
    return { figures, plans };
  } finally {
    await Promise.all([admin.end({ timeout: 5 }), counted.end({ timeout: 5 })]);
  }
}

class Rollback extends Error {}

/** EXPLAIN (ANALYZE, BUFFERS) of the claim as sent (same text, same parameters), rolled back so nothing is claimed. */
async function explainClaim(
  sql: postgres.Sql,
  claim: { query: string; params: unknown[] },
  due: boolean,
): Promise<{ lines: string[]; usesDueIndex: boolean }> {
  if (!/for update skip locked/i.test(claim.query))
    throw new Error(`the pass's first statement is not the claim: ${claim.query.slice(0, 80)}`);
  if (due) await setDue(sql, true);
  let lines: string[] = [];
  await sql
    .begin(async (tx) => {
      const rows = await tx.unsafe<{ "QUERY PLAN": string }[]>(
        `explain (analyze, buffers) ${claim.query}`,
        claim.params as never[],
      );
      lines = rows.map((r) => r["QUERY PLAN"]);
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return { lines, usesDueIndex: lines.some((l) => l.includes("payment_submissions_due_idx")) };
}
