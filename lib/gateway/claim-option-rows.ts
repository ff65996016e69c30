import { createHash } from "node:crypto";
import { and, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { paymentOptions } from "@/db/schema";
import type { AccountId } from "@/lib/chains/caip";
import type { TransferMethod } from "@/lib/chains/chain-adapter";
import type { NetworkConfig, TokenConfig } from "@/lib/chains/network-config";
import { env } from "@/lib/env";
import type { Price } from "@/lib/money/price-source";
import { ApiError } from "@/lib/errors/api-error";
import { newId } from "@/lib/ids";

import { planOptionRows, type RequestKindOfQuote } from "./plan-option-rows";
import { SERVICE_BUILT } from "@/lib/chains/transfer-methods";

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

/**
 * Serialise the writers of one payment's quotes (options and payment requests) until the transaction
 * ends: concurrent calls can neither pass a bound nor store the same quote twice.
 */
export async function lockPaymentQuotes(tx: Tx, paymentId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payment-options:${paymentId}`}))`);
}

/**
 * The stored option row for each offer: the payment's live quote for the same account, token,
 * method and receiving address when there is one, else a new row (lib/gateway/plan-option-rows.ts).
 * The asking client (its network: IPv4 address, IPv6 /64) holds at most MAX_OPTIONS_PER_CLIENT live
 * quotes of the payment: a call that would pass it gets 409 `too_many_options` and stores nothing.
 * There is no bound for the payment as a whole, which a crowd of addresses could fill for the buyer. Expired Solana quotes never confirmed are deleted first:
 * their transaction needs the service's signature as fee payer, so nothing can land on them. Other
 * expired quotes stay (a wallet may still send what they built: the ledger binds it, paid late).
 * Serialised per payment (advisory lock), so concurrent calls can neither pass the bound nor store the
 * same quote twice. Reads only the client's own live quotes and those of the offered accounts, so a
 * crowd's quotes cost it nothing. Only database work in here: chain calls come after it commits.
 * `kind` "solana-pay-transaction": the quotes of a Solana Pay transaction request (lib/gateway/requests),
 * stored and bounded exactly like options; they are never deleted here (the service's signature went
 * out with their transaction, which the wallet sends itself: the ledger needs the row to find it).
 */
export async function claimOptionRows(
  db: Db,
  {
    payment,
    offers,
    quoteExpiresAt,
    now,
    client,
    kind = null,
  }: {
    payment: { id: string; expiresAt: Date };
    offers: Offer[];
    quoteExpiresAt: Date;
    now: Date;
    client: string;
    kind?: RequestKindOfQuote;
  },
): Promise<OptionRow[]> {
  if (offers.length === 0) return [];
  const perClient = env().MAX_OPTIONS_PER_CLIENT;
  const accounts = [...new Set(offers.map((offer) => offer.account.id))];
  return db.transaction(async (tx) => {
    await lockPaymentQuotes(tx, payment.id);
    await tx.execute(sql`
      delete from ${paymentOptions} o
      where o.payment_id = ${payment.id} and o.expires_at <= ${now.toISOString()}::timestamptz
        and o.method in (${sql.join(
          [...SERVICE_BUILT].map((m) => sql`${m}`),
          sql`, `,
        )})
        and o.request_kind is null
        and not exists (select 1 from payment_submissions s where s.option_id = o.id)
        and not exists (select 1 from payments p where p.id = o.payment_id and p.option_id = o.id)`);
    // Live quotes of this client (its share keeps the read small) and of the offered accounts (to reuse).
    const live = await tx
      .select()
      .from(paymentOptions)
      .where(
        and(
          eq(paymentOptions.paymentId, payment.id),
          gt(paymentOptions.expiresAt, now),
          or(eq(paymentOptions.clientNetwork, client), inArray(paymentOptions.account, accounts)),
        ),
      );
    const plan = planOptionRows({ live, offers, client, perClient, quoteExpiresAt, now, kind });
    if (!plan.ok) {
      throw new ApiError(
        "too_many_options",
        `This payment has as many live quotes for this client as it may hold (${perClient}); pay with an option already offered, or ask again once they expire`,
      );
    }
    const fresh = plan.steps.flatMap((step) =>
      "offer" in step ? [{ ...newRow({ payment, offer: step.offer, quoteExpiresAt, client }), requestKind: kind }] : [],
    );
    const inserted = fresh.length === 0 ? [] : await tx.insert(paymentOptions).values(fresh).returning();
    const byId = new Map(inserted.map((row) => [row.id, row]));
    let next = 0;
    return plan.steps.map((step) => ("reuse" in step ? step.reuse : byId.get(fresh[next++]!.id)!));
  });
}

/** A new quote row for `offer` (not stored); `client` null for a payment request, which no client asks for alone. */
export function newRow({
  payment,
  offer,
  quoteExpiresAt,
  client,
}: {
  payment: { id: string; expiresAt: Date };
  offer: Offer;
  quoteExpiresAt: Date;
  client: string | null;
}): typeof paymentOptions.$inferInsert & { id: string } {
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
    clientNetwork: client,
  };
}
