import type { Db } from "@/db/client";
import { groupCommit } from "@/lib/concurrency/group-commit";
import { postgresErrorOf } from "@/lib/errors/postgres-error";
import { log } from "@/lib/log";
import { finishSettled, settlesInBatch, type Settled } from "./finish-settled";
import { finishSubmission, type Outcome } from "./finish-submission";

/** At most this many payments in one transaction: a failed batch is redone one by one, which this bounds. */
const MAX_BATCH = 64;

const writers = new WeakMap<Db, (settled: Settled) => Promise<void>>();

/**
 * Finish a submission the watcher saw end (finish-submission.ts) as part of a group commit
 * (lib/concurrency/group-commit.ts): the successes this process sees land at the same time are
 * written in one transaction (finish-settled.ts). Failures (rare, and with more to write) go alone;
 * a batch whose transaction fails is redone one payment at a time. Resolves once written.
 */
export function finishInBatch(db: Db, paymentId: string, outcome: Outcome): Promise<void> {
  if (!settlesInBatch(outcome)) return finishSubmission(db, paymentId, outcome);
  let write = writers.get(db);
  if (!write) {
    write = groupCommit<Settled>({
      writeMany: (batch) => finishSettled(db, batch),
      writeOne: (s) => finishSubmission(db, s.paymentId, s.outcome),
      key: (s) => s.paymentId,
      maxBatch: MAX_BATCH,
      onBatchFailed: (err, size) =>
        log.warn({ job: "watcher", payments: size, err: reasonOf(err) }, "batch finish failed; finishing one by one"),
    });
    writers.set(db, write);
  }
  return write({ paymentId, outcome });
}

/** The database's own word (drizzle's message repeats the statement and every row's values). */
function reasonOf(err: unknown): string {
  const pg = postgresErrorOf(err);
  return pg ? `${pg.code} ${pg.message}` : String(err);
}
