import { eq, getTableColumns, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { runCompiled } from "@/db/compiled-statement";
import { merchants, paymentOptions, payments, paymentSubmissions, type PaymentSubmission } from "@/db/schema";
import { CLAIM_LEASE_MS } from "@/lib/submissions/schedule";

type OptionRow = typeof paymentOptions.$inferSelect;

export type DueSubmission = {
  submission: PaymentSubmission;
  option: OptionRow;
  paymentCreatedAt: Date;
  merchantId: string;
  /** The merchant's currency, which values the fees recorded when the payment finishes. */
  merchantCurrency: string;
};

/** How many rows to claim: per network (chain id), and of networks not named there (`others`). */
export type ClaimLimits = { perChain: ReadonlyMap<string, number>; others: number };

/**
 * Claim open submissions that are due, oldest due first, up to each network's own limit (a network
 * whose checks are stalled claims nothing more, and takes nothing from the others), leasing them for
 * CLAIM_LEASE_MS (SKIP LOCKED: instances never take the same row). One statement reads only due
 * rows through a partial index, so the cost does not grow with rows that are not due, and joins their
 * options, payments and merchants. No lock outlives the statement: chain calls come after.
 */
export async function claimDueSubmissions(db: Db, limits: ClaimLimits): Promise<DueSubmission[]> {
  const named = [...limits.perChain.keys()];
  // A null chain stands for every network not named.
  const wanted = [...limits.perChain, [null, limits.others] as const].filter(([, limit]) => limit > 0);
  if (wanted.length === 0) return [];
  // Built once per process for each shape (how many networks are named, which are wanted): the
  // watcher runs it every pass, idle or not, and drizzle rebuilt its 60 columns each time.
  const values: Record<string, unknown> = {};
  named.forEach((chainId, i) => (values[`named${i}`] = chainId));
  wanted.forEach(([chainId, limit], i) => {
    values[`chain${i}`] = chainId;
    values[`limit${i}`] = limit;
  });
  const shape = `claim-due:${named.length}:${wanted.map(([chainId]) => (chainId === null ? "*" : "c")).join("")}`;
  return runCompiled<DueSubmission[]>(db, shape, (on) => claimStatement(on, named.length, wanted.length), values);
}

/** The claim with placeholders: `named0..` the networks named, `chain0..`/`limit0..` the rows per network wanted. */
function claimStatement(db: DbOrTx, namedCount: number, wantedCount: number) {
  const p = (name: string) => sql.placeholder(name);
  const rows = sql.join(
    Array.from({ length: wantedCount }, (_, i) => sql`(${p(`chain${i}`)}::text, ${p(`limit${i}`)}::int)`),
    sql`, `,
  );
  const others = sql`array[${sql.join(
    Array.from({ length: namedCount }, (_, i) => sql`${p(`named${i}`)}::text`),
    sql`, `,
  )}]::text[]`;
  const due = sql`(
    select d.payment_id from (values ${rows}) as n(chain_id, lim)
    cross join lateral (
      select payment_id from ${paymentSubmissions} s
      where s.state = 'open' and s.next_check_at <= now()
        and (s.chain_id = n.chain_id or (n.chain_id is null and s.chain_id <> all(${others})))
      order by s.next_check_at limit n.lim
      for update skip locked
    ) d
  )`;
  // The rows as the claim left them (its RETURNING: the locked, updated versions, checks counted),
  // joined in the same statement: a separate read of the other tables would be one more round trip
  // of every watcher step.
  const claimed = db.$with("claimed").as(
    db
      .update(paymentSubmissions)
      .set({
        nextCheckAt: sql`now() + make_interval(secs => ${CLAIM_LEASE_MS / 1000})`,
        checks: sql`${paymentSubmissions.checks} + 1`,
      })
      .where(sql`${paymentSubmissions.paymentId} in ${due}`)
      .returning(),
  );
  const submission = Object.fromEntries(
    Object.keys(getTableColumns(paymentSubmissions)).map((key) => [key, claimed[key as keyof PaymentSubmission]]),
  ) as { [K in keyof PaymentSubmission]: (typeof claimed)[K] };
  return db
    .with(claimed)
    .select({
      submission,
      option: paymentOptions,
      paymentCreatedAt: payments.createdAt,
      merchantId: payments.merchantId,
      merchantCurrency: merchants.currency,
    })
    .from(claimed)
    .innerJoin(paymentOptions, eq(paymentOptions.id, claimed.optionId))
    .innerJoin(payments, eq(payments.id, claimed.paymentId))
    .innerJoin(merchants, eq(merchants.id, payments.merchantId));
}
