import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { runCompiled } from "@/db/compiled-statement";
import { paymentSubmissions } from "@/db/schema";
import { groupCommit } from "@/lib/concurrency/group-commit";

/** A submission confirm has just sent: the watcher first looks `delaySeconds` from now. */
export type Sent = { paymentId: string; txHash: string; delaySeconds: number };

/** Marks written in one statement at most: a failed batch is redone one by one, which this bounds. */
const MAX_BATCH = 128;

const writers = new WeakMap<Db, (sent: Sent) => Promise<void>>();

/**
 * Note that a recorded transfer went out (when the watcher looks first), as part of a group commit
 * (lib/concurrency/group-commit.ts): under a burst, the confirms that sent at the same time write
 * one UPDATE between them instead of one each. Resolves once written.
 */
export function markSent(db: Db, sent: Sent): Promise<void> {
  let write = writers.get(db);
  if (!write) {
    write = groupCommit<Sent>({
      writeMany: (batch) => markMany(db, batch),
      writeOne: (one) => markOne(db, one),
      key: (s) => s.paymentId,
      maxBatch: MAX_BATCH,
    });
    writers.set(db, write);
  }
  return write(sent);
}

async function markMany(db: Db, batch: Sent[]): Promise<void> {
  const rows = batch.map((s) => ({ payment_id: s.paymentId, tx_hash: s.txHash, delay: s.delaySeconds }));
  await db.execute(sql`
    update ${paymentSubmissions} s
    set sent_at = now(), next_check_at = now() + make_interval(secs => v.delay), updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(payment_id text, tx_hash text, delay float8)
    where s.payment_id = v.payment_id and s.tx_hash = v.tx_hash`);
}

async function markOne(db: Db, { paymentId, txHash, delaySeconds }: Sent): Promise<void> {
  // Built once per process.
  await runCompiled(
    db,
    "submission-sent",
    (on) =>
      on
        .update(paymentSubmissions)
        .set({
          sentAt: sql`now()`,
          nextCheckAt: sql`now() + make_interval(secs => ${sql.placeholder("delaySeconds")}::float8)`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(paymentSubmissions.paymentId, sql.placeholder("paymentId") as unknown as string),
            eq(paymentSubmissions.txHash, sql.placeholder("txHash") as unknown as string),
          ),
        ),
    { paymentId, txHash, delaySeconds },
  );
}
