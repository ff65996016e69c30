import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { serviceFees } from "@/db/schema";
import { env } from "@/lib/env";
import { decimalToUnitsCeil } from "@/lib/money/decimal-units";
import { currencyExponent } from "@/lib/money/iso4217";

/**
 * Whether the service may still pay fees for this merchant today (UTC): always, without
 * SPONSORED_FEES_PER_DAY; else while what it paid since midnight, in the merchant's currency, is
 * below the budget. A fee recorded without a value (no price for the coin in that currency) could
 * be any amount, so it ends the day's budget: the operator is never spending blind.
 */
export async function withinSponsoredBudget(db: DbOrTx, merchant: { id: string; currency: string }): Promise<boolean> {
  const budget = env().SPONSORED_FEES_PER_DAY;
  if (budget === undefined) return true;
  const limit = decimalToUnitsCeil(budget, currencyExponent(merchant.currency) ?? 2);
  // One index range (merchant, paid_at) of today's rows.
  const [spent] = await db
    .select({
      valued: sql<string>`coalesce(sum(${serviceFees.fiatAmount}) filter (where ${serviceFees.currency} = ${merchant.currency}), 0)`,
      unvalued: sql<number>`count(*) filter (where ${serviceFees.fiatAmount} is null or ${serviceFees.currency} <> ${merchant.currency})::int`,
    })
    .from(serviceFees)
    .where(
      sql`${serviceFees.merchantId} = ${merchant.id} and ${serviceFees.paidAt} >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`,
    );
  return Number(spent?.unvalued ?? 0) === 0 && BigInt(spent?.valued ?? "0") < limit;
}
