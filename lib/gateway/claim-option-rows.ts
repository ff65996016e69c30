import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { paymentOptions } from "@/db/schema";
import type { AccountId } from "@/lib/chains/caip";
import type { TransferMethod } from "@/lib/chains/chain-adapter";
import type { NetworkConfig, TokenConfig } from "@/lib/chains/network-config";
import { env } from "@/lib/env";
import type { Price } from "@/lib/money/price-source";
import { ApiError } from "@/lib/errors/api-error";
import { newId } from "@/lib/ids";
import { SERVICE_BUILT } from "./option-builds";

/** What options would offer one (account, token) now, before anything is stored. */
export type Offer = {
  account: AccountId;
  network: NetworkConfig;
  token: TokenConfig;
  method: TransferMethod;
  recipient: string;
  amount: bigint;
  price: Price;
};

export type OptionRow = typeof paymentOptions.$inferSelect;

// A quote about to run out is no use to a buyer who still has to sign: reuse one only while it holds
// this much longer (or until the payment's own expiry, when a fresh quote could not last longer anyway).
const REUSE_MIN_MS = 30_000;
// A Solana option carries a transaction built when it was offered, on a blockhash that lives about
// 60 to 90 seconds: past this age, asking again gets a new option (with a new transaction) rather
// than one a wallet that never calls fetch could no longer land. The old one stays confirmable.
const SERVICE_BUILT_REUSE_MS = 45_000;

/**
 * The stored option row for each offer: the payment's live quote for the same account, token,
 * method and receiving address when there is one, else a new row. A payment never has more than
 * MAX_OPTIONS_PER_PAYMENT rows: a call that would pass it gets 409 `too_many_options` and stores
 * nothing. Serialised per payment (advisory lock), so concurrent calls can neither pass the bound
 * nor store the same quote twice. Only database work in here: chain calls come after it commits.
 */
export async function claimOptionRows(
  db: Db,
  payment: { id: string; expiresAt: Date },
  offers: Offer[],
  quoteExpiresAt: Date,
  now: Date,
): Promise<OptionRow[]> {
  if (offers.length === 0) return [];
  const max = env().MAX_OPTIONS_PER_PAYMENT;
  const reusableUntil = now.getTime() + Math.min(REUSE_MIN_MS, quoteExpiresAt.getTime() - now.getTime());
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payment-options:${payment.id}`}))`);
    // At most `max` rows: the bound itself keeps this read small.
    const existing = await tx.select().from(paymentOptions).where(eq(paymentOptions.paymentId, payment.id));
    const live = existing.filter(
      (row) =>
        row.expiresAt.getTime() > now.getTime() &&
        row.expiresAt.getTime() >= reusableUntil &&
        !(SERVICE_BUILT.has(row.method) && row.createdAt.getTime() < now.getTime() - SERVICE_BUILT_REUSE_MS),
    );
    const plan = offers.map((offer) => {
      const stored = live.find((row) => sameQuote(row, offer));
      return stored
        ? { stored, insert: undefined }
        : { stored: undefined, insert: newRow(payment, offer, quoteExpiresAt) };
    });
    const fresh = plan.flatMap((p) => (p.insert ? [p.insert] : []));
    if (existing.length + fresh.length > max) {
      throw new ApiError(
        "too_many_options",
        `This payment has had the most options it can (${max}); pay with an option already offered, or ask the merchant for a new payment`,
      );
    }
    const inserted = fresh.length === 0 ? [] : await tx.insert(paymentOptions).values(fresh).returning();
    const byId = new Map(inserted.map((row) => [row.id, row]));
    return plan.map((p) => p.stored ?? byId.get(p.insert.id)!);
  });
}

function sameQuote(row: OptionRow, offer: Offer): boolean {
  return (
    row.account === offer.account.id &&
    row.chainId === offer.network.chainId &&
    row.tokenCaip19 === offer.token.caip19 &&
    row.method === offer.method &&
    // A merchant who changed the receiving address gets new quotes paying the new one.
    row.recipient === offer.recipient
  );
}

function newRow(
  payment: { id: string; expiresAt: Date },
  offer: Offer,
  quoteExpiresAt: Date,
): typeof paymentOptions.$inferInsert & { id: string } {
  const id = newId("opt");
  return {
    id,
    paymentId: payment.id,
    account: offer.account.id,
    recipient: offer.recipient,
    chainId: offer.network.chainId,
    tokenCaip19: offer.token.caip19,
    method: offer.method,
    tokenAmount: offer.amount.toString(),
    // The rate and the feed rounds behind this amount, shown to the buyer and the merchant with it.
    priceNum: offer.price.num.toString(),
    priceDen: offer.price.den.toString(),
    priceRounds: offer.price.rounds ?? null,
    pricedAt: offer.price.at === undefined ? null : new Date(offer.price.at * 1000),
    // 32 bytes binding signatures and transactions to this payment and option.
    reference: `0x${createHash("sha256").update(`${payment.id}:${id}`).digest("hex")}`,
    // An authorization must be void once the payment is.
    validBefore: Math.floor(payment.expiresAt.getTime() / 1000),
    expiresAt: quoteExpiresAt,
  };
}
