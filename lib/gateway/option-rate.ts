import type { OptionRow } from "./claim-option-rows";
import { ratioToSignificant } from "@/lib/money/compose-price";

/**
 * The rate an option's amount was computed at, for the buyer: "1 EUR = 1.0842 USDC", with when the
 * feeds last moved (unix seconds; null for a static price). Left out when it is 1:1 (USDC for USD),
 * where it would tell the buyer nothing. An extra field: wallets that do not know it ignore it.
 */
export function optionRate(
  row: OptionRow,
  currency: string,
): { currency: string; tokensPerUnit: string; updatedAt: number | null } | undefined {
  if (row.priceNum === null || row.priceDen === null || row.priceNum === row.priceDen) return undefined;
  // The stored price is currency per token; the buyer reads tokens per unit of the currency.
  const tokensPerUnit = ratioToSignificant({ num: BigInt(row.priceDen), den: BigInt(row.priceNum) });
  return { currency, tokensPerUnit, updatedAt: row.pricedAt ? Math.floor(row.pricedAt.getTime() / 1000) : null };
}
