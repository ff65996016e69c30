import type { Db } from "@/db/client";
import { log } from "@/lib/log";
import { finishSettled, settlesInBatch, type Settled } from "./finish-settled";
import { finishSubmission, type Outcome } from "./finish-submission";

/** At most this many payments in one transaction: a failed batch is redone one by one, which this bounds. */
const MAX_BATCH = 64;

type Waiting = Settled & { done: () => void; failed: (err: unknown) => void };
type Queue = { waiting: Waiting[]; flushing: boolean };

const queues = new WeakMap<Db, Queue>();

/**
 * Finish a submission the watcher saw end (finish-submission.ts), as part of a group commit: the
 * successes that come in while one batch is being written go together in the next (finish-settled.ts),
 * one transaction for all of them; a lone one is written as before, with no wait (the batch starts
 * on the next turn of the event loop, so checks finishing together share it). Failures (rare, and
 * with more to write) go alone. If a batch's transaction fails, each of it is finished alone, so one
 * payment's error (a conflict, a lock timeout) is its own, not its neighbours'. Resolves once written.
 */
export function finishInBatch(db: Db, paymentId: string, outcome: Outcome): Promise<void> {
  if (!settlesInBatch(outcome)) return finishSubmission(db, paymentId, outcome);
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = { waiting: [], flushing: false }));
  const q = queue;
  return new Promise<void>((done, failed) => {
    q.waiting.push({ paymentId, outcome, done, failed });
    if (!q.flushing) {
      q.flushing = true;
      setImmediate(() => void flush(db, q));
    }
  });
}

async function flush(db: Db, queue: Queue): Promise<void> {
  try {
    while (queue.waiting.length > 0) await writeBatch(db, takeBatch(queue));
  } finally {
    queue.flushing = false;
  }
}

/** The next batch: up to MAX_BATCH, a payment at most once (a second outcome for it waits for the next). */
function takeBatch(queue: Queue): Waiting[] {
  const batch: Waiting[] = [];
  const seen = new Set<string>();
  const rest: Waiting[] = [];
  for (const w of queue.waiting) {
    if (batch.length < MAX_BATCH && !seen.has(w.paymentId)) {
      seen.add(w.paymentId);
      batch.push(w);
    } else rest.push(w);
  }
  queue.waiting = rest;
  return batch;
}

async function writeBatch(db: Db, batch: Waiting[]): Promise<void> {
  if (batch.length > 1) {
    try {
      await finishSettled(db, batch);
      for (const w of batch) w.done();
      return;
    } catch (err) {
      // The database's own word (drizzle's message repeats the statement and every row's values).
      const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
      log.warn(
        { job: "watcher", payments: batch.length, err: String(cause) },
        "batch finish failed; finishing one by one",
      );
    }
  }
  await Promise.all(
    batch.map((w) => finishSubmission(db, w.paymentId, w.outcome).then(w.done, (err: unknown) => w.failed(err))),
  );
}
