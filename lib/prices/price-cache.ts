import { readPriceFeeds, type FeedFailure, type FeedReading } from "@/lib/chains/evm/read-price-feeds";
import { loadNetworks } from "@/lib/chains/load-networks";
import type { NetworkConfig } from "@/lib/chains/network-config";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { DEFAULT_MAX_DEVIATION_BPS, judgeFeeds, type FeedLimits, type PairPrice } from "./judge-feeds";

/** What every payment prices from until the next refresh: the usable pairs, and every pair configured. */
export type PriceSnapshot = {
  pairs: ReadonlyMap<string, PairPrice>;
  configured: ReadonlySet<string>;
  readAtMs: number;
};

const EMPTY: PriceSnapshot = { pairs: new Map(), configured: new Set(), readAtMs: 0 };

let snapshot: PriceSnapshot = EMPTY;
let inFlight: Promise<PriceSnapshot> | undefined;

/**
 * The feeds' prices, read at most once per PRICE_REFRESH_MS for all payments of this process: callers
 * within the interval get the snapshot as it is, and callers while a read is under way share it. A
 * read that fails keeps the previous pairs (each is still aged against its maxAgeSeconds when used)
 * and is not retried before the interval is over, so a dead RPC is not called once per request.
 */
export async function currentPrices(nowMs = Date.now()): Promise<PriceSnapshot> {
  if (snapshot.readAtMs > 0 && nowMs - snapshot.readAtMs < env().PRICE_REFRESH_MS) return snapshot;
  inFlight ??= refresh().finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}

async function refresh(): Promise<PriceSnapshot> {
  const networks = loadNetworks().filter((n) => n.priceFeeds?.length);
  const configured = new Set(networks.flatMap((n) => n.priceFeeds!.map((f) => f.pair)));
  if (networks.length === 0) return (snapshot = { ...EMPTY, configured, readAtMs: Date.now() });
  const results = await Promise.all(networks.map((network) => readNetwork(network)));
  const readAtMs = Date.now();
  const { pairs, refused } = judgeFeeds(
    results.flatMap((r) => r.readings),
    Math.floor(readAtMs / 1000),
  );
  const failures = results.flatMap((r) => r.failures);
  if (failures.length > 0 || refused.size > 0) {
    log.warn({ failures, refused: Object.fromEntries(refused) }, "price feeds not usable; their pairs are not offered");
  }
  // A network whose read failed outright keeps its pairs from the last read, aged when used.
  const kept = new Map(pairs);
  for (const failed of results.filter((r) => r.failed)) {
    for (const feed of failed.network.priceFeeds ?? []) {
      const previous = snapshot.pairs.get(feed.pair);
      if (previous && !kept.has(feed.pair)) kept.set(feed.pair, previous);
    }
  }
  snapshot = { pairs: kept, configured, readAtMs };
  return snapshot;
}

async function readNetwork(network: NetworkConfig): Promise<{
  network: NetworkConfig;
  readings: { reading: FeedReading; limits: FeedLimits }[];
  failures: FeedFailure[];
  failed: boolean;
}> {
  const limitsOf = new Map(
    (network.priceFeeds ?? []).map((f) => [
      f.pair,
      { maxAgeSeconds: f.maxAgeSeconds, maxDeviationBps: f.maxDeviationBps ?? DEFAULT_MAX_DEVIATION_BPS },
    ]),
  );
  try {
    const { readings, failures } = await readPriceFeeds(network);
    return {
      network,
      readings: readings.map((reading) => ({ reading, limits: limitsOf.get(reading.pair)! })),
      failures,
      failed: false,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n")[0]! : String(error);
    return { network, readings: [], failures: [{ pair: "*", address: network.chainId, error: message }], failed: true };
  }
}
