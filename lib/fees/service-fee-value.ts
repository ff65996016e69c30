import { nativeCurrencyOf } from "@/lib/chains/native-currency";
import type { NetworkConfig } from "@/lib/chains/network-config";
import { fiatMinorCeil } from "@/lib/money/fiat-value";
import { staticPriceSource, type PriceSource } from "@/lib/money/price-source";

/**
 * A fee in the network's native coin, with its value in `currency` (minor units, rounded up: a cost
 * is never understated): at the coin's feed (`ETH/USD`, `SOL/USD`) when `prices` has it, else at the
 * network's configured static price; null when neither prices it (recorded, but not valued). Unlike a
 * quote, bookkeeping may fall back to the static price when a feed is unusable for a moment.
 */
export function serviceFeeValue({
  network,
  amount,
  currency,
  prices = staticPriceSource,
}: {
  network: NetworkConfig;
  amount: bigint;
  currency: string;
  prices?: PriceSource;
}) {
  const native = nativeCurrencyOf(network);
  const coin = { symbol: native.symbol, decimals: native.decimals, price: native.price };
  const price = prices.priceOf(coin, currency) ?? staticPriceSource.priceOf(coin, currency);
  return {
    symbol: native.symbol,
    decimals: native.decimals,
    fiatAmount: price ? fiatMinorCeil(amount, native.decimals, price) : null,
  };
}
