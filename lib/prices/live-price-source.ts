import { composeThroughUsd, ONE, type Ratio } from "@/lib/money/compose-price";
import {
  staticPriceIn,
  type FeedRound,
  type Price,
  type PriceSource,
  type PricedToken,
} from "@/lib/money/price-source";
import { deviates } from "./judge-feeds";
import type { PriceSnapshot } from "./price-cache";

export const DEFAULT_PEG_TOLERANCE_BPS = 100;

type Leg = Ratio & { rounds: FeedRound[] };
const USD_LEG: Leg = { ...ONE, rounds: [] };

/**
 * Prices from a snapshot of the feeds, synchronously (the caller awaited `currentPrices` once).
 * - A stablecoin is 1:1 to its peg, unless its own `<SYMBOL>/USD` feed is configured and either
 *   unusable or off its peg by more than pegToleranceBps: then it is not offered, for any currency.
 *   In another currency it goes through USD: USDC in EUR = 1 ÷ EUR/USD.
 * - Another token uses its `<SYMBOL>/USD` feed when one is configured (not offered while it is
 *   unusable), else its static `price`, in the payment's currency or in USD through the feeds.
 * A pair configured but not usable never falls back to a static price: no option beats a wrong one.
 */
export function livePriceSource(snapshot: PriceSnapshot, nowMs = Date.now()): PriceSource {
  const nowS = Math.floor(nowMs / 1000);
  /** A currency's or token's value in USD from its feed; undefined when not configured, null when unusable now. */
  const inUsd = (base: string): Leg | undefined | null => {
    if (base === "USD") return USD_LEG;
    const pair = `${base}/USD`;
    if (!snapshot.configured.has(pair)) return undefined;
    const price = snapshot.pairs.get(pair);
    // Aged again here: a snapshot kept after a failed read must not outlive its feeds' maxAgeSeconds.
    if (!price || nowS - price.round.updatedAt > price.maxAgeSeconds) return null;
    return { num: price.num, den: price.den, rounds: [price.round] };
  };
  const priced = ({
    token,
    currency,
    code,
    extra = [],
  }: {
    token: Leg;
    currency: Leg;
    code: string;
    extra?: FeedRound[];
  }): Price => {
    const ratio = composeThroughUsd(token, currency);
    const rounds = [...extra, ...token.rounds, ...currency.rounds];
    return {
      currency: code,
      ...ratio,
      ...(rounds.length ? { rounds, at: Math.min(...rounds.map((r) => r.updatedAt)) } : {}),
    };
  };

  return {
    priceOf(token: PricedToken, currency: string): Price | undefined {
      if (token.peggedTo) {
        const own = inUsd(token.symbol);
        const peg = inUsd(token.peggedTo);
        if (own === null) return undefined;
        if (own && token.symbol !== token.peggedTo) {
          if (!peg || deviates(own, peg, token.pegToleranceBps ?? DEFAULT_PEG_TOLERANCE_BPS)) return undefined;
        }
        const checked = own?.rounds ?? [];
        if (currency === token.peggedTo)
          return { currency, ...ONE, ...(checked.length ? { rounds: checked, at: checked[0]!.updatedAt } : {}) };
        const fiat = inUsd(currency);
        if (!peg || !fiat) return undefined;
        // Worth exactly its peg: the peg currency's value, not the coin's own feed, prices it.
        return priced({ token: peg, currency: fiat, code: currency, extra: checked });
      }
      const own = inUsd(token.symbol);
      if (own === null) return undefined;
      if (own) {
        const fiat = inUsd(currency);
        return fiat ? priced({ token: own, currency: fiat, code: currency }) : undefined;
      }
      const fixed = staticPriceIn(token.price, currency);
      if (fixed) return { currency, num: fixed.units, den: 10n ** BigInt(fixed.scale) };
      const fixedUsd = staticPriceIn(token.price, "USD");
      const fiat = inUsd(currency);
      return fixedUsd && fiat
        ? priced({
            token: { num: fixedUsd.units, den: 10n ** BigInt(fixedUsd.scale), rounds: [] },
            currency: fiat,
            code: currency,
          })
        : undefined;
    },
  };
}
