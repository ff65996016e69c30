import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { paymentOptions, requestAmounts } from "@/db/schema";
import { parseAccountId } from "@/lib/chains/caip";
import { loadNetworks } from "@/lib/chains/load-networks";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors/api-error";
import { loadSettlementOverrides } from "@/lib/merchants/load-settlement-overrides";
import { livePriceSource } from "@/lib/prices/live-price-source";
import { currentPrices } from "@/lib/prices/price-cache";
import { assertPayable } from "../assert-payable";
import { offersFor, tokenAmountView } from "../build-options";
import { newRow, type Offer } from "../claim-option-rows";
import { loadGatewayPaymentOrThrow, type GatewayPayment } from "../load-gateway-payment";
import { eip681Uri } from "./eip681-uri";
import { reserveRequestAmount } from "./reserve-request-amount";

/** A request is handed out again while it holds this much longer; else a new one (as options reuse quotes). */
const REUSE_MIN_MS = 30_000;
/** After its quote expires, a request's amount stays reserved this long: money sent late still binds (paid late). */
const LATE_WINDOW_MS = 60 * 60_000;
/** Who pays a request is unknown until the money arrives: its quote row names no buyer. */
const ANY_PAYER = "0x0000000000000000000000000000000000000000";

type RequestRow = { option: typeof paymentOptions.$inferSelect; amount: string };

/**
 * The payment requests a phone wallet can pay with no page open (GET .../payment-requests): one EIP-681
 * request per EVM network and asset the merchant is paid in, each for a unique amount (the quote plus
 * the smallest free offset), so the ledger binds a plain transfer to it by recipient, asset and amount.
 * Each is a quote stored like an option (same price rules, same expiry); asking again while one holds
 * returns it. Serialised per payment with options (same advisory lock); no chain call.
 */
export async function getPaymentRequests(db: Db, pathId: string, now = new Date()) {
  const p = await loadGatewayPaymentOrThrow(db, pathId);
  assertPayable(p.status);
  if (p.merchantDeletedAt) throw new ApiError("invalid_state", "This merchant no longer accepts payments");
  const offers = await requestOffers(db, p, now);
  const quoteExpiresAt = new Date(
    Math.min(p.payment.expiresAt.getTime(), now.getTime() + env().QUOTE_TTL_SECONDS * 1000),
  );
  const rows = await claimRequestRows(db, p, offers, quoteExpiresAt, now);
  return {
    requests: rows.map(({ option, amount }) => {
      const network = loadNetworks().find((n) => n.chainId === option.chainId)!;
      const token = network.tokens.find((t) => t.caip19 === option.tokenCaip19)!;
      const view = tokenAmountView(BigInt(amount), token, network);
      return {
        chainId: option.chainId,
        asset: option.tokenCaip19,
        amount: { value: view.value, display: view.display },
        kind: "eip681" as const,
        uri: eip681Uri({
          chainId: option.chainId,
          asset: option.tokenCaip19,
          recipient: option.recipient,
          amount: BigInt(amount),
        }),
        expiresAt: Math.floor(option.expiresAt.getTime() / 1000),
      };
    }),
  };
}

/** What each EVM network would quote now, as options would for a buyer whose wallet sends the transfer. */
async function requestOffers(db: Db, p: GatewayPayment, now: Date): Promise<Offer[]> {
  const [snapshot, destinations] = await Promise.all([
    currentPrices(now.getTime()),
    loadSettlementOverrides(db, p.payment.merchantId),
  ]);
  const accounts = loadNetworks()
    .filter((n) => n.chainId.startsWith("eip155:"))
    .map((n) => parseAccountId(`${n.chainId}:${ANY_PAYER}`)!);
  // Not sponsored: a phone wallet sends a plain transfer and pays its own gas.
  return offersFor(p, accounts, false, destinations, livePriceSource(snapshot, now.getTime()));
}

async function claimRequestRows(
  db: Db,
  p: GatewayPayment,
  offers: Offer[],
  quoteExpiresAt: Date,
  now: Date,
): Promise<RequestRow[]> {
  if (offers.length === 0) return [];
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payment-options:${p.payment.id}`}))`);
    const live = await tx
      .select({ option: paymentOptions, amount: requestAmounts.amount })
      .from(requestAmounts)
      .innerJoin(paymentOptions, eq(paymentOptions.id, requestAmounts.optionId))
      .where(
        and(
          eq(requestAmounts.paymentId, p.payment.id),
          gt(paymentOptions.expiresAt, new Date(now.getTime() + REUSE_MIN_MS)),
        ),
      );
    const rows: RequestRow[] = [];
    for (const offer of offers) {
      const recipient = offer.recipient.toLowerCase();
      const held = live.find(
        (r) =>
          r.option.chainId === offer.network.chainId &&
          r.option.tokenCaip19 === offer.token.caip19 &&
          r.option.recipient.toLowerCase() === recipient,
      );
      if (held) {
        rows.push(held);
        continue;
      }
      const draft = newRow(p.payment, offer, quoteExpiresAt, null);
      const amount = await reserveRequestAmount(tx, {
        chainId: offer.network.chainId,
        recipient,
        asset: offer.token.caip19,
        base: offer.amount,
        paymentId: p.payment.id,
        optionId: draft.id,
        reservedUntil: new Date(quoteExpiresAt.getTime() + LATE_WINDOW_MS),
      });
      // Every amount near this price is held by another open request: this asset is not offered now.
      if (amount === undefined) continue;
      const [option] = await tx
        .insert(paymentOptions)
        .values({ ...draft, tokenAmount: amount.toString() })
        .returning();
      rows.push({ option: option!, amount: amount.toString() });
    }
    return rows;
  });
}
