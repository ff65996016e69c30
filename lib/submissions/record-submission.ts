import { eq, sql } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import type { Db, Tx } from "@/db/client";
import { placeholdersFor, runCompiled } from "@/db/compiled-statement";
import { violatedIndex } from "@/db/violated-index";
import { payments, paymentSubmissions, type paymentOptions, type PaymentSubmission } from "@/db/schema";
import type { TransferIntent, Verified } from "@/lib/chains/chain-adapter";
import { ApiError } from "@/lib/errors/api-error";
import { transitionPayment } from "@/lib/payments/transition";
import { spendRelayNonce } from "./relayer-nonces";
import { SEND_LEASE_MS } from "./schedule";
import type { SignedRelayAtNonce } from "./sign-relay";

type OptionRow = typeof paymentOptions.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

export type RecordInput = {
  paymentId: string;
  option: OptionRow;
  intent: TransferIntent;
  verified: Verified;
  walletName: string | null;
  /** For a relay: signed before the transaction (sign-relay.ts), at a nonce reserved for it. */
  relay?: SignedRelayAtNonce;
  /** A wallet-sent transfer after the payment or its quote expired: watched and recorded, status untouched. */
  late?: boolean;
};

export type Recorded =
  | { recorded: true; payment: PaymentRow; submission: PaymentSubmission }
  /** Nothing written: another confirm won (or, for a late transfer, `submission` is the one already recorded). */
  | { recorded: false; payment: PaymentRow; submission?: PaymentSubmission };

/**
 * Record, then send: in one short transaction, under the payment's row lock, write everything
 * needed to finish this transfer (for a relay: its nonce and the bytes signed with it; for Solana:
 * the co-signed bytes; their hash) and move the payment to processing. Nothing is sent yet, and
 * neither a chain nor a signer is called while the transaction is open (a relay comes signed). If the payment is no longer
 * pending (another confirm won), nothing is written and the payment is returned as it stands.
 * A late transfer (`late`) is recorded for the watcher without touching the payment.
 */
export async function recordSubmission(db: Db, input: RecordInput): Promise<Recorded> {
  return (input.late ? recordLate(db, input) : recordAndCommit(db, input)).catch((err: unknown) => {
    // payments_chain_tx_unique: one on-chain transfer settles at most one payment.
    if (violatedIndex(err) === "payments_chain_tx_unique")
      throw new ApiError("verification_failed", "This transaction already settles another payment");
    throw err;
  });
}

/** Thrown inside the transaction to roll back what went out with a transition that did not apply. */
class NotRecorded extends Error {
  constructor(readonly why: "not_pending" | "has_submission") {
    super(why);
  }
}

/**
 * The guarded transition takes the payment's row lock and checks that it is pending and not past
 * its expiry; it goes out together with the submission's insert and the nonce's spend, one round
 * trip for the three (issue 29: a locking read before them was one more statement and two more round
 * trips of every confirm). When the transition did not apply, or the payment already has a
 * submission (a late one), the three roll back together and the payment is read as it stands.
 */
async function recordAndCommit(db: Db, input: RecordInput): Promise<Recorded> {
  const { option, intent } = input;
  const values = submissionValues(input);
  try {
    return await db.transaction(async (tx) => {
      const [payment, submission] = await Promise.all([
        transitionPayment(tx, {
          name: "commit",
          target: { id: input.paymentId, expiresAfter: new Date() },
          changes: {
            optionId: option.id,
            buyerAccount: option.account,
            chainId: option.chainId,
            tokenCaip19: option.tokenCaip19,
            tokenAmount: option.tokenAmount,
            tokenSymbol: intent.token.symbol,
            tokenDecimals: intent.token.decimals,
            txHash: values.txHash,
            walletName: input.walletName,
          },
        }),
        insertSubmission(tx, values),
        // Only once the transfer is on record does its nonce stop being a reservation (a relay not
        // recorded is released by the caller, which must find its reservation).
        input.relay ? spendRelayNonce(tx, input.paymentId, input.relay.nonce) : undefined,
      ]);
      if (!payment) throw new NotRecorded("not_pending");
      if (!submission) throw new NotRecorded("has_submission");
      return { recorded: true as const, payment, submission };
    });
  } catch (err) {
    if (!(err instanceof NotRecorded)) throw err;
    const [payment] = await db.select().from(payments).where(eq(payments.id, input.paymentId));
    if (!payment) throw new ApiError("payment_not_found", "No such payment");
    // Another confirm won, or the payment closed: nothing of this one is on record.
    if (err.why === "not_pending") return { recorded: false as const, payment };
    return { recorded: false as const, payment, submission: await submissionOf(db, input.paymentId) };
  }
}

/** A late transfer: recorded under the payment's row lock for the watcher, the payment untouched. */
async function recordLate(db: Db, input: RecordInput): Promise<Recorded> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for("update");
    if (!locked) throw new ApiError("payment_not_found", "No such payment");
    const submission = await insertSubmission(tx, submissionValues(input));
    if (!submission)
      return { recorded: false as const, payment: locked, submission: await submissionOf(tx, locked.id) };
    if (input.relay) await spendRelayNonce(tx, locked.id, input.relay.nonce);
    return { recorded: true as const, payment: locked, submission };
  });
}

type SubmissionRow = PgInsertValue<typeof paymentSubmissions>;
/** The row, its first check given as `nextCheckInS` seconds from the insert (not as `nextCheckAt`). */
type SubmissionValues = Omit<typeof paymentSubmissions.$inferInsert, "nextCheckAt"> & {
  txHash: string;
  nextCheckInS: number;
};

/** The submission's row: everything needed to finish the transfer (what to send, or what to watch for). */
function submissionValues(input: RecordInput): SubmissionValues {
  const { option, intent, verified } = input;
  let txHash: string;
  let rawTx: string | null = null;
  let relayFields = {};
  if (verified.kind === "relay") {
    const relay = input.relay;
    if (!relay) throw new Error("a relay is recorded signed");
    ({ txHash, rawTx } = relay.signed);
    relayFields = {
      relayer: relay.relayer.toLowerCase(),
      relayNonce: relay.nonce,
      maxFeePerGas: relay.fees.maxFeePerGas.toString(),
      maxPriorityFeePerGas: relay.fees.maxPriorityFeePerGas.toString(),
      gasLimit: relay.gasLimit.toString(),
    };
  } else {
    txHash = verified.txHash;
    if (verified.kind === "cosigned") rawTx = verified.rawTx;
  }
  return {
    paymentId: input.paymentId,
    optionId: option.id,
    chainId: option.chainId,
    kind: verified.kind,
    txHash,
    rawTx,
    ...relayFields,
    payerNonce: verified.kind === "wallet_sent" ? verified.payerNonce : null,
    late: input.late ?? false,
    receivedAmount:
      verified.kind === "wallet_sent" && verified.amount !== intent.amount ? verified.amount.toString() : null,
    lastValidBlockHeight: verified.kind === "cosigned" ? (verified.lastValidBlockHeight ?? null) : null,
    // Wallet-sent transfers need no send: watch them at once. Others: confirm sends them now.
    nextCheckInS: verified.kind === "wallet_sent" ? 0 : SEND_LEASE_MS / 1000,
  };
}

/**
 * One transfer per payment is watched: a late one already on record (its quote had expired) leaves
 * a pending payment for the merchant to resolve, not for a second transfer. Undefined when there is one.
 */
async function insertSubmission(
  tx: Tx,
  { nextCheckInS, ...values }: SubmissionValues,
): Promise<PaymentSubmission | undefined> {
  // Built once per process for each shape of row (a relay, a co-signed or a wallet's transfer): one
  // of every confirm's writes.
  const row = placeholdersFor(values, "v_");
  if (!row) throw new Error("a submission's values are plain values, not SQL");
  const [submission] = await runCompiled<PaymentSubmission[]>(
    tx,
    `insert-submission:${row.shape}`,
    (on) =>
      on
        .insert(paymentSubmissions)
        .values({
          ...(row.row as SubmissionRow),
          nextCheckAt: sql`now() + make_interval(secs => ${sql.placeholder("nextCheckInS")}::float8)`,
        })
        .onConflictDoNothing({ target: paymentSubmissions.paymentId })
        .returning(),
    { ...row.values, nextCheckInS },
  );
  return submission;
}

async function submissionOf(db: Db | Tx, paymentId: string): Promise<PaymentSubmission | undefined> {
  const [submission] = await db.select().from(paymentSubmissions).where(eq(paymentSubmissions.paymentId, paymentId));
  return submission;
}
