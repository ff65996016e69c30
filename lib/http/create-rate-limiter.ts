import postgres from "postgres";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { currentDeadline, withDeadline } from "@/lib/concurrency/deadline";
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
/** How long an instance counts alone after the shared counters failed. */
const RETRY_COUNTERS_MS = 1000;

/** What rate-limiter-flexible's Postgres store calls on a "pool": node-postgres's query shape. */
export type LimiterStore = {
  query(q: { text: string; values?: unknown[]; name?: string }): Promise<{ rows: unknown[]; rowCount: number }>;
  end(): Promise<void>;
};

/**
 * A small pool of the limiter's own on the service's driver (postgres.js), shaped as the node-postgres
 * pool the library speaks to: a second driver cost about 2% of an instance's CPU under a burst of
 * confirms (issue 29). Each query is prepared once per connection, as the library names them.
 */
export function createLimiterPool(url: string, timeoutMs = 3000): LimiterStore {
  const sql = postgres(url, {
    max: POOL_SIZE,
    connect_timeout: Math.max(1, Math.ceil(timeoutMs / 1000)),
    idle_timeout: 30,
    onnotice: () => {},
  });
  return {
    // The deadline bounds connecting, waiting for a free connection and the query alike: past it the
    // request is counted locally (below) instead of hanging on an unreachable or stalled database.
    query: ({ text, values = [] }) =>
      withDeadline(timeoutMs, async () => {
        const query = sql.unsafe(text, values as never[], { prepare: true });
        currentDeadline()?.addEventListener("abort", () => void query.cancel(), { once: true });
        const rows = await query;
        return { rows, rowCount: rows.count };
      }),
    end: () => sql.end({ timeout: 1 }),
  };
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
export function createRateLimiter(pool: LimiterStore, budgets: Partial<Record<RateLimitBucket, Budget>>): RateLimiter {
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

  // After the counters failed, this instance counts alone for a while before trying them again: in an
  // outage a request costs no wait for a connection that will not come (postgres.js backs off before
  // reconnecting), and the log gets a line per second, not one per request.
  let sharedDownUntil = 0;
  async function counted<T>(bucket: RateLimitBucket, shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (Date.now() >= sharedDownUntil) {
      try {
        return await shared();
      } catch (err) {
        if (err instanceof RateLimiterRes) throw err;
        sharedDownUntil = Date.now() + RETRY_COUNTERS_MS;
        unreachable(bucket, err);
      }
    }
    return local();
  }

  return {
    assertOpen,
    async consume(bucket, client) {
      assertOpen(bucket, client);
      const { shared, local } = of(bucket);
      await counted(
        bucket,
        () => shared.consume(client),
        () => local.consume(client),
      ).catch((err: unknown) => {
        throw err instanceof RateLimiterRes ? close(bucket, client, err) : err;
      });
    },
    async refund(bucket, client) {
      // The count may be under the limit again: the counters decide at the next call.
      closedUntil.delete(`${bucket}:${client}`);
      const { shared, local } = of(bucket);
      await counted(
        bucket,
        () => shared.reward(client, 1),
        () => local.reward(client, 1),
      );
    },
    async reset(bucket, client) {
      closedUntil.delete(`${bucket}:${client}`);
      const { shared, local } = of(bucket);
      await counted(
        bucket,
        () => shared.delete(client),
        () => local.delete(client),
      );
    },
  };
}

function rateLimited(msBeforeNext: number, refusal: string): ApiError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new ApiError("rate_limited", `${refusal}; try again in ${seconds} seconds`, { retryAfterSeconds: seconds });
}
