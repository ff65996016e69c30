import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { serviceFees } from "@/db/schema";

/** What the service paid for a merchant in one UTC month on one network. */
export type MonthFees = {
  month: string;
  chainId: string;
  symbol: string;
  decimals: number;
  payments: number;
  /** Base units of the native coin. */
  native: bigint;
  /** Minor units of the merchant's currency, over the valued fees. */
  fiat: bigint;
  /** Fees recorded without a value (no price of the coin in the merchant's currency). */
  unvalued: number;
};

/** The merchant's fees paid by the service, by month (newest first) and network, for the last `months` months. */
export async function feesByMonth(
  db: Db,
  merchant: { id: string; currency: string },
  months = 12,
): Promise<MonthFees[]> {
  const rows = await db
    .select({
      month: sql<string>`to_char(date_trunc('month', ${serviceFees.paidAt} at time zone 'UTC'), 'YYYY-MM')`,
      chainId: serviceFees.chainId,
      symbol: serviceFees.nativeSymbol,
      decimals: serviceFees.nativeDecimals,
      payments: sql<number>`count(distinct ${serviceFees.paymentId})::int`,
      native: sql<string>`sum(${serviceFees.nativeAmount})::text`,
      fiat: sql<string>`coalesce(sum(${serviceFees.fiatAmount}) filter (where ${serviceFees.currency} = ${merchant.currency}), 0)::text`,
      unvalued: sql<number>`count(*) filter (where ${serviceFees.fiatAmount} is null or ${serviceFees.currency} <> ${merchant.currency})::int`,
    })
    .from(serviceFees)
    .where(
      sql`${serviceFees.merchantId} = ${merchant.id} and ${serviceFees.paidAt} >= (date_trunc('month', now() at time zone 'UTC') - make_interval(months => ${months - 1})) at time zone 'UTC'`,
    )
    .groupBy(sql`1`, serviceFees.chainId, serviceFees.nativeSymbol, serviceFees.nativeDecimals)
    .orderBy(sql`1 desc`, serviceFees.chainId);
  return rows.map((r) => ({ ...r, native: BigInt(r.native), fiat: BigInt(r.fiat) }));
}
