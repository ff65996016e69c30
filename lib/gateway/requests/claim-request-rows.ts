import { and, eq, gt, isNotNull } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { paymentOptions } from "@/db/schema";
import { lockPaymentQuotes, newRow, type Offer, type OptionRow } from "../claim-option-rows";
import { reserveRequestAmount } from "./reserve-request-amount";

/** The requests a wallet scans, each stored when listed (a transaction request's quote is stored at its POST). */
export type RequestKind = "eip681" | "solana-pay-transfer";
/** A stored request: its quote row (the amount a transfer must carry is its token amount). */
export type RequestOffer = Offer & { kind: RequestKind };

/** A request is handed out again while it holds this much longer; else a new one (as options reuse quotes). */
const REUSE_MIN_MS = 30_000;
/** After its quote expires, an EIP-681 amount stays reserved this long: money sent late still binds (paid late). */
const LATE_WINDOW_MS = 60 * 60_000;

/**
 * The quote row of each request: the payment's live one of the same kind, network, asset and recipient,
 * else a new row (an EIP-681 one with a unique amount reserved; none when every amount near the price is
 * held, and that asset is not offered now). Serialised per payment with options (the same advisory lock).
 */
export async function claimRequestRows(
  db: Db,
  {
    payment,
    offers,
    quoteExpiresAt,
    now,
  }: { payment: { id: string; expiresAt: Date }; offers: RequestOffer[]; quoteExpiresAt: Date; now: Date },
): Promise<OptionRow[]> {
  if (offers.length === 0) return [];
  return db.transaction(async (tx) => {
    await lockPaymentQuotes(tx, payment.id);
    const live = await tx
      .select()
      .from(paymentOptions)
      .where(
        and(
          eq(paymentOptions.paymentId, payment.id),
          isNotNull(paymentOptions.requestKind),
          gt(paymentOptions.expiresAt, new Date(now.getTime() + REUSE_MIN_MS)),
        ),
      );
    const rows: OptionRow[] = [];
    for (const offer of offers) {
      const held = live.find(
        (r) =>
          r.requestKind === offer.kind &&
          r.chainId === offer.network.chainId &&
          r.tokenCaip19 === offer.token.caip19 &&
          r.recipient === offer.recipient,
      );
      const row = held ?? (await storeRequest(tx, { payment, offer, quoteExpiresAt }));
      if (row) rows.push(row);
    }
    return rows;
  });
}

async function storeRequest(
  tx: Tx,
  {
    payment,
    offer,
    quoteExpiresAt,
  }: { payment: { id: string; expiresAt: Date }; offer: RequestOffer; quoteExpiresAt: Date },
): Promise<OptionRow | undefined> {
  const draft = { ...newRow({ payment, offer, quoteExpiresAt, client: null }), requestKind: offer.kind };
  if (offer.kind === "eip681") {
    const amount = await reserveRequestAmount(tx, {
      chainId: offer.network.chainId,
      recipient: offer.recipient.toLowerCase(),
      asset: offer.token.caip19,
      base: offer.amount,
      paymentId: payment.id,
      optionId: draft.id,
      reservedUntil: new Date(quoteExpiresAt.getTime() + LATE_WINDOW_MS),
    });
    if (amount === undefined) return undefined;
    draft.tokenAmount = amount.toString();
  }
  const [row] = await tx.insert(paymentOptions).values(draft).returning();
  return row;
}
