import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { paymentOptions } from "@/db/schema";
import { ratioToSignificant } from "@/lib/money/compose-price";

/**
 * The rate the chosen option was quoted at, for the merchant: tokens per unit of the payment's
 * currency, the feed rounds behind it and when their answer was updated. Null before a wallet chose
 * an option, and for a 1:1 quote (a stablecoin in its own currency), where there is nothing to show.
 */
export async function quoteOfPayment(db: Db, optionId: string | null) {
  if (!optionId) return null;
  const [option] = await db
    .select({
      num: paymentOptions.priceNum,
      den: paymentOptions.priceDen,
      rounds: paymentOptions.priceRounds,
      at: paymentOptions.pricedAt,
    })
    .from(paymentOptions)
    .where(eq(paymentOptions.id, optionId));
  if (!option?.num || !option.den || option.num === option.den) return null;
  return {
    tokensPerUnit: ratioToSignificant({ num: BigInt(option.den), den: BigInt(option.num) }),
    rounds: option.rounds ?? [],
    pricedAt: option.at,
  };
}
