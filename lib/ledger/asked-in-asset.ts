import type { TokenConfig } from "@/lib/chains/network-config";
import type { PriceSource } from "@/lib/money/price-source";
import { quoteInToken } from "@/lib/money/token-amount";

/** One of the payment's options, as far as pricing an attached transfer needs it. */
export type QuotedOption = { id: string; tokenCaip19: string; tokenAmount: bigint; createdAt: Date };

export type Asked = { amount: bigint; optionId: string | null };

/**
 * What a payment asks in one asset, to compare an attached transfer with. The payment's own quote in
 * that asset when it has one (the option the wallet chose, else the newest): what a buyer was shown.
 * Else the price now, as the gateway would quote a new option (a stablecoin pegged to the payment's
 * currency is 1:1 by decimals), rounded up in the merchant's favour, for a `token` the merchant
 * accepts (the caller passes undefined otherwise). Undefined: the payment cannot be paid in it.
 */
export function askedInAsset({
  payment,
  asset,
  options,
  token,
  prices,
}: {
  payment: { fiatAmount: bigint; fiatCurrency: string; optionId: string | null };
  asset: string;
  options: readonly QuotedOption[];
  token: TokenConfig | undefined;
  prices: PriceSource;
}): Asked | undefined {
  const inAsset = options.filter((o) => o.tokenCaip19 === asset);
  const own =
    inAsset.find((o) => o.id === payment.optionId) ??
    inAsset.reduce<QuotedOption | undefined>(
      (newest, o) => (!newest || o.createdAt > newest.createdAt ? o : newest),
      undefined,
    );
  if (own) return { amount: own.tokenAmount, optionId: own.id };
  if (!token || token.caip19 !== asset) return undefined;
  const quote = quoteInToken({
    fiatMinor: payment.fiatAmount,
    fiatCurrency: payment.fiatCurrency,
    token,
    prices,
  });
  return quote ? { amount: quote.amount, optionId: null } : undefined;
}
