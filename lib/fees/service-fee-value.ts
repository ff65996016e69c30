import { nativeCurrencyOf } from "@/lib/chains/native-currency";
import type { NetworkConfig } from "@/lib/chains/network-config";
import { fiatMinorCeil } from "@/lib/money/fiat-value";
import { staticPriceIn } from "@/lib/money/price-source";

/**
 * A fee in the network's native coin, with its value in `currency` at the network's configured
 * price (null when the coin has no price in that currency: recorded, but not valued).
 */
export function serviceFeeValue(network: NetworkConfig, amount: bigint, currency: string) {
  const native = nativeCurrencyOf(network);
  const price = staticPriceIn(native.price, currency);
  return {
    symbol: native.symbol,
    decimals: native.decimals,
    fiatAmount: price ? fiatMinorCeil(amount, native.decimals, price) : null,
  };
}
