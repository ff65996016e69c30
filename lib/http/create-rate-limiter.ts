import { Pool } from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { log } from "@/lib/log";
import { ApiError } from "@/lib/errors/api-error";

/** Per-client budgets of the unauthenticated gateway calls (settings in lib/env.ts). */
export type RateLimitBucket = "gateway_options" | "gateway_fetch" | "gateway_confirm" | "gateway_cancel";

export type RateLimiter = { consume(bucket: RateLimitBucket, client: string): Promise<void> };

const WINDOW_SECONDS = 60;
// One upsert per limited request, well under a millisecond each: a few connections carry a burst of
// hundreds, and they are apart from the main pool, so counting never waits behind a transaction.
const POOL_SIZE = 3;

/** A small pg pool of the limiter's own (rate-limiter-flexible speaks node-postgres, not postgres.js). */
export function createLimiterPool(url: string, timeoutMs = 3000): Pool {
  // The timeouts bound both connecting and waiting for a free connection: past them the request is
  // counted locally (below) instead of hanging on an unreachable database.
  const pool = new Pool({
    connectionString: url,
    max: POOL_SIZE,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    idleTimeoutMillis: 30_000,
  });
  // A broken idle connection (database restart) is reported here; unhandled, it would end the process.
  pool.on("error", (err) => log.warn({ err }, "rate limit pool connection lost"));
  return pool;
}

/**
 * Fixed one-minute windows per (bucket, client), counted by rate-limiter-flexible in the table
 * rate_limits (migration 0010), so the budget is one across every instance on the database.
 * `consume` refuses with 429 `rate_limited` and `retryAfterSeconds` until the client's window ends.
 *
 * When the counters cannot be reached, it fails open to a count kept in this instance alone,
 * deliberately: refusing would turn a database hiccup into errors for every buyer, and letting
 * everything through would drop the limit. A request let through then gets the handler's own
 * clear answer (the gateway needs the database too, so an outage still answers 500 there). Nothing
 * that keeps money safe depends on this limit: option rows per payment are bounded in the
 * transaction that writes them.
 */
export function createRateLimiter(pool: Pool, limits: Record<RateLimitBucket, number>): RateLimiter {
  const buckets = new Map(
    Object.entries(limits).map(([bucket, points], i) => {
      const shared = new RateLimiterPostgres({
        storeClient: pool,
        storeType: "pool",
        tableName: "rate_limits",
        // Created by the migration: the library runs no DDL at run time.
        tableCreated: true,
        // One limiter sweeps windows that ended an hour ago; the others share its table.
        clearExpiredByTimeout: i === 0,
        keyPrefix: bucket,
        points,
        duration: WINDOW_SECONDS,
        // Once the counters say a client is over, this instance refuses it from memory until its
        // window ends: a flood from one address stops costing a database write per request.
        inMemoryBlockOnConsumed: points + 1,
      });
      const local = new RateLimiterMemory({ keyPrefix: bucket, points, duration: WINDOW_SECONDS });
      return [bucket, { shared, local }] as const;
    }),
  );

  return {
    async consume(bucket, client) {
      const { shared, local } = buckets.get(bucket)!;
      try {
        await shared.consume(client);
      } catch (err) {
        if (err instanceof RateLimiterRes) throw rateLimited(err);
        log.warn({ err, bucket }, "rate limit counters unreachable; counting in this instance only");
        await local.consume(client).catch((localErr: unknown) => {
          throw localErr instanceof RateLimiterRes ? rateLimited(localErr) : localErr;
        });
      }
    },
  };
}

function rateLimited(res: RateLimiterRes): ApiError {
  const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return new ApiError(
    "rate_limited",
    `Too many requests from this address; try again in ${seconds} seconds`,
    undefined,
    seconds,
  );
}
