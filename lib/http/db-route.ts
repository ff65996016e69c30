import { connection, type Db } from "@/db/client";
import type { RateLimitBucket } from "./create-rate-limiter";
import { route, type RouteInput } from "./route";

export type WithDb<P> = RouteInput<P> & {
  db: Db;
  /** The small pool for hot reads (status polls), so they never wait behind transactions. */
  readDb: Db;
};

/** `route()` for handlers that use the database: they get it, and never open it themselves. */
export function dbRoute<P = Record<string, never>>(
  handler: (input: WithDb<P>) => Promise<Response>,
  options: { headers?: Record<string, string>; rateLimit?: RateLimitBucket } = {},
) {
  return route<P>(async (input) => {
    const { db, readDb } = await connection();
    return handler({ ...input, db, readDb });
  }, options);
}
