import { Pool } from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { log } from "@/lib/log";
import { ApiError } from "@/lib/errors/api-error";

/** Per-client budgets: the unauthenticated gateway calls, payments made through payment links, dashboard sign-ins and sign-ups (settings in lib/env.ts). */
export type RateLimitBucket =
  | "gateway_options"
  | "gateway_fetch"
  | "gateway_confirm"
  | "gateway_cancel"
  | "payment_link_payments"
  | "sign_ins"
  | "sign_in_network"
  | "sign_in_pair"
  | "sign_ups"
  | "password_reset_network"
  | "password_reset_email"
  | "second_factor_user";

/** `points` calls per fixed window of `seconds`; `refusal` starts the 429's message. */
export type Budget = { points: number; seconds: number; refusal: string };

export type RateLimiter = {
  /** Count one call of `client`, or throw 429 `rate_limited` with the seconds until its window ends. */
  consume(bucket: RateLimitBucket, client: string): Promise<void>;
  /** Throw what `consume` would when this instance already knows the client is over, without counting or a query. */
  assertOpen(bucket: RateLimitBucket, client: string): void;
  /** Give one counted call back (it turned out not to count: refused for another reason). */
  refund(bucket: RateLimitBucket, client: string): Promise<void>;
  /** Forget the client's count in the bucket (a sign-in that proved the password). */
  reset(bucket: RateLimitBucket, client: string): Promise<void>;
};

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
 * Fixed windows per (bucket, client), counted by rate-limiter-flexible in the table rate_limits
 * (migration 0010), so a budget is one across every instance on the database. Rows of windows that
 * ended are deleted by the prune job (lib/jobs/prune-job.ts), not by the library's own timer.
 * `consume` refuses with 429 `rate_limited` and `retryAfterSeconds` until the client's window ends.
 *
 * When the counters cannot be reached, it fails open to a count kept in this instance alone,
 * deliberately: refusing would turn a database hiccup into errors for every buyer, and letting
 * everything through would drop the limit. A request let through then gets the handler's own
 * clear answer (the gateway needs the database too, so an outage still answers 500 there). Nothing
 * that keeps money safe depends on this limit: option rows per payment are bounded in the
 * transaction that writes them.
 */
export function createRateLimiter(pool: Pool, budgets: Partial<Record<RateLimitBucket, Budget>>): RateLimiter {
  const buckets = new Map(
    Object.entries(budgets).map(([bucket, { points, seconds, refusal }]) => {
      const shared = new RateLimiterPostgres({
        storeClient: pool,
        storeType: "pool",
        tableName: "rate_limits",
        // Created by the migration: the library runs no DDL at run time.
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix: bucket,
        points,
        duration: seconds,
      });
      const local = new RateLimiterMemory({ keyPrefix: bucket, points, duration: seconds });
      return [bucket, { shared, local, refusal }] as const;
    }),
  );
  const of = (bucket: RateLimitBucket) => {
    const limiter = buckets.get(bucket);
    if (!limiter) throw new Error(`No rate limit budget for ${bucket}`);
    return limiter;
  };
  const unreachable = (bucket: RateLimitBucket, err: unknown) =>
    log.warn({ err, bucket }, "rate limit counters unreachable; counting in this instance only");
  // Once the counters say a client is over, this instance refuses it from memory until its window
  // ends: a flood from one address stops costing a database write per request.
  const closedUntil = new Map<string, number>();
  const close = (bucket: RateLimitBucket, client: string, res: RateLimiterRes) => {
    if (closedUntil.size >= 100_000) {
      const now = Date.now();
      for (const [key, until] of closedUntil) if (until <= now) closedUntil.delete(key);
    }
    closedUntil.set(`${bucket}:${client}`, Date.now() + res.msBeforeNext);
    return rateLimited(res.msBeforeNext, of(bucket).refusal);
  };
  const assertOpen = (bucket: RateLimitBucket, client: string) => {
    const ms = (closedUntil.get(`${bucket}:${client}`) ?? 0) - Date.now();
    if (ms > 0) throw rateLimited(ms, of(bucket).refusal);
  };

  return {
    assertOpen,
    async consume(bucket, client) {
      assertOpen(bucket, client);
      const { shared, local } = of(bucket);
      try {
        await shared.consume(client);
      } catch (err) {
        if (err instanceof RateLimiterRes) throw close(bucket, client, err);
        unreachable(bucket, err);
        await local.consume(client).catch((localErr: unknown) => {
          throw localErr instanceof RateLimiterRes ? close(bucket, client, localErr) : localErr;
        });
      }
    },
    async refund(bucket, client) {
      // The count may be under the limit again: the counters decide at the next call.
      closedUntil.delete(`${bucket}:${client}`);
      const { shared, local } = of(bucket);
      await shared.reward(client, 1).catch(async (err: unknown) => {
        unreachable(bucket, err);
        await local.reward(client, 1);
      });
    },
    async reset(bucket, client) {
      closedUntil.delete(`${bucket}:${client}`);
      const { shared, local } = of(bucket);
      await shared.delete(client).catch(async (err: unknown) => {
        unreachable(bucket, err);
        await local.delete(client);
      });
    },
  };
}

function rateLimited(msBeforeNext: number, refusal: string): ApiError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new ApiError("rate_limited", `${refusal}; try again in ${seconds} seconds`, { retryAfterSeconds: seconds });
}
