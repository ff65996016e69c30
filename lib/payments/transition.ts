import { and, eq, getTableColumns, gt, inArray, is, sql, SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/db/client";
import { placeholdersFor, runCompiled } from "@/db/compiled-statement";
import { payments, type PaymentStatus } from "@/db/schema";

/*
 * The one writer of a payment's state. Every change to `payments` after creation goes through
 * `transitionPayment`: its status, its exception and refund columns, and the transfer facts that
 * come with them. A test (tests/unit/one-writer.test.ts) fails when any other file updates the table.
 *
 * The state table. Each named change says from which statuses it may happen and what the status
 * becomes ("same": it stays). The guarded UPDATE re-checks the from-status under the row lock, so of
 * two writers racing on one payment exactly one wins; the loser gets `undefined` and reads the row.
 *
 *   name            from                                   to          who
 *   commit          pending                                processing  confirm recorded a transfer to send or watch
 *   release         processing                             pending     the network refused co-signed bytes before forwarding them
 *   settle          processing                             succeeded   the watcher saw the recorded transfer land
 *   fail            processing                             failed      it failed, was dropped, or paid another amount (exception)
 *   found           pending, processing                    succeeded   the ledger counted a bound transfer of the option's amount
 *   found_short     pending, processing                    failed      the ledger counted a bound transfer of another amount
 *   expire          pending                                expired     the expiry job, at expires_at
 *   cancel          pending                                cancelled   the merchant or the buyer
 *   mark_paid       pending, expired, failed, cancelled    succeeded   the merchant accepts an exception as paid
 *   attach          pending, expired, failed, cancelled    succeeded   the merchant attaches an unmatched transfer of the full amount
 *   reorg_fail      succeeded                              failed      a counted transfer reorged out and not mined again in time
 *   refund          succeeded                              same        bookkeeping of the merchant's refund
 *   note            any                                    same        an exception (paid_late, duplicate, reorged) set or cleared
 *   replace_tx      processing                             same        a relay re-sent at a higher fee names its new hash
 *
 * Triggers on this table (they fire in the same statement; see db/schema/payments.ts):
 * state_version and processing_at (0017), the webhook outbox (0017), NOTIFY payment_status (0004),
 * the listing statistics' queue (0002, 0007, 0041).
 */
export const TRANSITIONS = {
  commit: { from: ["pending"], to: "processing" },
  release: { from: ["processing"], to: "pending" },
  settle: { from: ["processing"], to: "succeeded" },
  fail: { from: ["processing"], to: "failed" },
  found: { from: ["pending", "processing"], to: "succeeded" },
  found_short: { from: ["pending", "processing"], to: "failed" },
  expire: { from: ["pending"], to: "expired" },
  cancel: { from: ["pending"], to: "cancelled" },
  mark_paid: { from: ["pending", "expired", "failed", "cancelled"], to: "succeeded" },
  attach: { from: ["pending", "expired", "failed", "cancelled"], to: "succeeded" },
  reorg_fail: { from: ["succeeded"], to: "failed" },
  refund: { from: ["succeeded"], to: "same" },
  note: { from: ["pending", "processing", "succeeded", "failed", "expired", "cancelled"], to: "same" },
  replace_tx: { from: ["processing"], to: "same" },
} as const satisfies Record<string, { from: readonly PaymentStatus[]; to: PaymentStatus | "same" }>;

export type TransitionName = keyof typeof TRANSITIONS;

const FINAL: ReadonlySet<PaymentStatus> = new Set(["succeeded", "failed", "expired", "cancelled"]);

/** The columns a transition may set besides the status (which the table decides) and the bookkeeping times. */
export type PaymentChanges = Omit<
  PgUpdateSetSource<typeof payments>,
  "id" | "merchantId" | "status" | "stateVersion" | "createdAt" | "updatedAt" | "finalizedAt" | "processingAt"
>;

type PaymentRow = typeof payments.$inferSelect;

/**
 * Which payments: one by id (optionally only the merchant's own, only if it expires after
 * `expiresAfter`), or every payment matching `where` (the expiry sweep).
 */
export type Target = { id: string; merchantId?: string; expiresAfter?: Date; where?: SQL } | { where: SQL };

/**
 * Apply `name` to the payments `target` names that are in one of its from-statuses (and match any
 * extra `where`), in one guarded UPDATE. Returns the rows changed (none: nobody matched, e.g. a
 * concurrent writer won). A move to a final status stamps `finalized_at`; back to pending clears it.
 */
export async function transitionPayments(
  db: DbOrTx,
  { name, target, changes = {} }: { name: TransitionName; target: Target; changes?: PaymentChanges },
): Promise<PaymentRow[]> {
  if ("id" in target && target.where === undefined) {
    const set = placeholdersFor(changes, "set_");
    if (set) return transitionById(db, { name, target, set });
  }
  return guardedUpdate(db, {
    name,
    whom: "id" in target ? byId(target, target.where) : target.where,
    changes,
  }).returning();
}

/** The payment `id` (of `merchantId`, not expired at `expiresAfter`, where given): values or placeholders. */
function byId(
  { id, merchantId, expiresAfter }: { id: unknown; merchantId?: unknown; expiresAfter?: unknown },
  where?: SQL,
): SQL | undefined {
  return and(
    eq(payments.id, id as string),
    merchantId === undefined ? undefined : eq(payments.merchantId, merchantId as string),
    expiresAfter === undefined ? undefined : gt(payments.expiresAt, expiresAfter as Date),
    where,
  );
}

/** The guarded UPDATE of `name`: the `whom` rows still in one of its from-statuses get `changes`, the status and the times. */
function guardedUpdate(
  db: DbOrTx,
  { name, whom, changes }: { name: TransitionName; whom: SQL | undefined; changes: PaymentChanges },
) {
  const rule: { from: readonly PaymentStatus[]; to: PaymentStatus | "same" } = TRANSITIONS[name];
  const to = rule.to === "same" ? undefined : rule.to;
  return db
    .update(payments)
    .set({
      ...changes,
      ...(to ? { status: to } : {}),
      ...(to && FINAL.has(to) ? { finalizedAt: sql`now()` } : {}),
      ...(to === "pending" ? { finalizedAt: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(whom, inArray(payments.status, [...rule.from])));
}

/**
 * The same guarded UPDATE for one payment by id, built once per process for each transition and
 * shape of target and changes (db/compiled-statement.ts): every settled payment runs two of them.
 */
function transitionById(
  db: DbOrTx,
  {
    name,
    target,
    set,
  }: {
    name: TransitionName;
    target: { id: string; merchantId?: string; expiresAfter?: Date };
    set: NonNullable<ReturnType<typeof placeholdersFor>>;
  },
): Promise<PaymentRow[]> {
  const merchant = target.merchantId !== undefined;
  const expiring = target.expiresAfter !== undefined;
  const values: Record<string, unknown> = {
    ...set.values,
    id: target.id,
    ...(merchant ? { merchantId: target.merchantId } : {}),
    // A placeholder compared in WHERE gets no column mapping: the driver takes times as ISO text.
    ...(expiring ? { expiresAfter: target.expiresAfter!.toISOString() } : {}),
  };
  return runCompiled<PaymentRow[]>(
    db,
    `transition:${name}:${merchant ? "merchant" : ""}:${expiring ? "expiring" : ""}:${set.shape}`,
    (on) =>
      guardedUpdate(on, {
        name,
        whom: byId({
          id: sql.placeholder("id"),
          merchantId: merchant ? sql.placeholder("merchantId") : undefined,
          expiresAfter: expiring ? sql.placeholder("expiresAfter") : undefined,
        }),
        changes: set.row as PaymentChanges,
      }).returning(),
    values,
  );
}

/**
 * `name` applied to many payments by id at once, each with its own `changes` (every row the same
 * columns), in one guarded UPDATE: the settlement watcher's group commit (issue 29), where a pass
 * finishes dozens of payments and one statement costs the database what one payment's did. The rows
 * are locked in id order, so two such batches (on two instances) wait for each other instead of
 * deadlocking. Returns the rows changed: a payment whose status no longer allows `name` is left as
 * it stands and is not among them.
 */
export async function transitionEach(
  db: DbOrTx,
  { name, rows }: { name: TransitionName; rows: { id: string; changes: PaymentChanges }[] },
): Promise<PaymentRow[]> {
  if (rows.length === 0) return [];
  const keys = Object.keys(rows[0]!.changes).sort();
  const columns = getTableColumns(payments);
  const records = rows.map(({ id, changes }) => {
    if (Object.keys(changes).sort().join() !== keys.join())
      throw new Error("transitionEach: every row sets the same columns");
    const record: Record<string, unknown> = { id };
    for (const key of keys) {
      const value = changes[key as keyof PaymentChanges];
      if (is(value, SQL)) throw new Error("transitionEach: values, not SQL");
      const column = columns[key as keyof typeof columns];
      const mapped = value === null || value === undefined ? null : column.mapToDriverValue(value);
      // JSON has no bigint: as text, which the column's type reads back exactly.
      record[column.name] = typeof mapped === "bigint" ? mapped.toString() : mapped;
    }
    return record;
  });
  // The rows as one jsonb parameter, typed by their columns: one statement text for any batch size.
  // Joined to the payments still in a from-status and locked in id order before the update.
  const typed = keys.map((key) => {
    const column = columns[key as keyof typeof columns];
    return sql`, ${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`;
  });
  const rule: { from: readonly PaymentStatus[] } = TRANSITIONS[name];
  const each = sql`(select v.* from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as v(id text${sql.join(typed)})
    join ${payments} p on p.id = v.id where p.status in ${[...rule.from]} order by p.id for update of p) as v`;
  const set = Object.fromEntries(
    keys.map((key) => [key, sql`v.${sql.identifier(columns[key as keyof typeof columns].name)}`]),
  ) as PaymentChanges;
  return guardedUpdate(db, { name, whom: sql`${payments.id} = v.id`, changes: set })
    .from(each)
    .returning();
}

/** `transitionPayments` for one payment: the row as changed, or undefined when its status did not allow it. */
export async function transitionPayment(
  db: DbOrTx,
  {
    name,
    target,
    changes = {},
  }: {
    name: TransitionName;
    target: { id: string; merchantId?: string; expiresAfter?: Date; where?: SQL };
    changes?: PaymentChanges;
  },
): Promise<PaymentRow | undefined> {
  const [row] = await transitionPayments(db, { name, target, changes });
  return row;
}
