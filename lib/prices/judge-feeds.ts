import type { FeedReading } from "@/lib/chains/evm/read-price-feeds";
import { ratioOfFeed, type Ratio } from "@/lib/money/compose-price";
import type { FeedRound } from "@/lib/money/price-source";

/** A configured feed of a pair on one network, with the limits its network gave it. */
export type FeedLimits = { maxAgeSeconds: number; maxDeviationBps: number };

/** A pair usable at the time it was judged: its price in USD and the round(s) it came from. */
export type PairPrice = Ratio & { round: FeedRound; maxAgeSeconds: number };

export const DEFAULT_MAX_DEVIATION_BPS = 100;

/**
 * Why a reading is not used, or undefined when it is: a non-positive answer, an incomplete round
 * (answered in an earlier round, or never updated), an answer older than its maxAgeSeconds, or one
 * dated ahead of the clock by more than a minute (a feed cannot know the future; clocks drift a little).
 */
export function refusalOf(reading: FeedReading, limits: FeedLimits, nowS: number): string | undefined {
  if (reading.answer <= 0n) return "non-positive answer";
  if (reading.updatedAt === 0n || reading.answeredInRound < reading.roundId) return "incomplete round";
  if (BigInt(nowS) - reading.updatedAt > BigInt(limits.maxAgeSeconds))
    return `stale (older than ${limits.maxAgeSeconds} s)`;
  if (reading.updatedAt - BigInt(nowS) > 60n) return "dated in the future";
  return undefined;
}

/** |a - b| / min(a, b) > bps / 10000, exactly. */
export function deviates(a: Ratio, b: Ratio, bps: number): boolean {
  const left = a.num * b.den;
  const right = b.num * a.den;
  const diff = left > right ? left - right : right - left;
  const min = left < right ? left : right;
  return diff * 10_000n > BigInt(bps) * min;
}

/**
 * The usable pairs among all readings: each reading judged alone, then the sources of one pair (on
 * several networks) must agree within the tightest maxDeviationBps among them, else the pair is
 * not priced at all. Of agreeing sources the most recent answer is used. `refused` says why a
 * configured pair is missing, for the log.
 */
export function judgeFeeds(
  readings: { reading: FeedReading; limits: FeedLimits }[],
  nowS: number,
): { pairs: Map<string, PairPrice>; refused: Map<string, string> } {
  const byPair = new Map<string, { reading: FeedReading; limits: FeedLimits }[]>();
  const refused = new Map<string, string>();
  for (const entry of readings) {
    const why = refusalOf(entry.reading, entry.limits, nowS);
    if (why) {
      refused.set(entry.reading.pair, `${entry.reading.address}: ${why}`);
      continue;
    }
    byPair.set(entry.reading.pair, [...(byPair.get(entry.reading.pair) ?? []), entry]);
  }
  const pairs = new Map<string, PairPrice>();
  for (const [pair, sources] of byPair) {
    const ratios = sources.map((s) => ratioOfFeed(s.reading)!);
    const bps = Math.min(...sources.map((s) => s.limits.maxDeviationBps));
    if (ratios.some((r) => ratios.some((o) => deviates(r, o, bps)))) {
      refused.set(pair, `sources disagree by more than ${bps} bps`);
      continue;
    }
    refused.delete(pair);
    const newest = sources.reduce((a, b) => (b.reading.updatedAt > a.reading.updatedAt ? b : a));
    const ratio = ratioOfFeed(newest.reading)!;
    pairs.set(pair, {
      ...ratio,
      round: { pair, roundId: newest.reading.roundId.toString(), updatedAt: Number(newest.reading.updatedAt) },
      maxAgeSeconds: newest.limits.maxAgeSeconds,
    });
  }
  return { pairs, refused };
}
