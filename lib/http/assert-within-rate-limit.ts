import { connection } from "@/db/client";
import { env } from "@/lib/env";
import { createLimiterPool, createRateLimiter, type RateLimitBucket, type RateLimiter } from "./create-rate-limiter";

let limiter: Promise<RateLimiter> | undefined;

/** Count one call of `client` against `bucket` on the process's limiter, or throw 429 `rate_limited`. */
export async function assertWithinRateLimit(bucket: RateLimitBucket, client: string): Promise<void> {
  limiter ??= connection()
    .then(({ url }) => {
      const settings = env();
      return createRateLimiter(createLimiterPool(url), {
        gateway_options: settings.GATEWAY_OPTIONS_PER_MINUTE,
        gateway_fetch: settings.GATEWAY_FETCH_PER_MINUTE,
        gateway_confirm: settings.GATEWAY_CONFIRM_PER_MINUTE,
        gateway_cancel: settings.GATEWAY_CANCEL_PER_MINUTE,
      });
    })
    .catch((err) => {
      limiter = undefined;
      throw err;
    });
  await (await limiter).consume(bucket, client);
}
