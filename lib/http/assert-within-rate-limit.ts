import { connection } from "@/db/client";
import { env } from "@/lib/env";
import {
  createLimiterPool,
  createRateLimiter,
  type Budget,
  type RateLimitBucket,
  type RateLimiter,
} from "./create-rate-limiter";
import { processWide } from "@/lib/process-wide";

// One limiter, with its pool, per process (a module variable made one per route that limits).
const shared = processWide<{ limiter?: Promise<RateLimiter> }>("rate-limiter", () => ({}));

const FROM_ADDRESS = "Too many requests from this address";
const FIFTEEN_MINUTES = 15 * 60;

/** Every budget of the service, from the settings (lib/env.ts). */
function budgets(): Record<RateLimitBucket, Budget> {
  const settings = env();
  const perMinute = (points: number, refusal = FROM_ADDRESS) => ({ points, seconds: 60, refusal });
  return {
    gateway_options: perMinute(settings.GATEWAY_OPTIONS_PER_MINUTE),
    gateway_fetch: perMinute(settings.GATEWAY_FETCH_PER_MINUTE),
    gateway_confirm: perMinute(settings.GATEWAY_CONFIRM_PER_MINUTE),
    gateway_cancel: perMinute(settings.GATEWAY_CANCEL_PER_MINUTE),
    payment_link_payments: perMinute(settings.PAYMENT_LINK_PAYMENTS_PER_MINUTE),
    // Every sign-in of every address together: what bounds a flood from addresses without number.
    sign_ins: perMinute(settings.SIGN_INS_PER_MINUTE, "The service is taking too many sign-ins right now"),
    // Guessing from one network, whichever accounts it tries (a success gives its attempt back).
    sign_in_network: { points: 30, seconds: FIFTEEN_MINUTES, refusal: "Too many failed sign-ins from your network" },
    // Guessing one account from one network. Counted per (email, network), never per email alone:
    // a stranger's failures then slow down the stranger, not the owner signing in from elsewhere.
    sign_in_pair: {
      points: 5,
      seconds: FIFTEEN_MINUTES,
      refusal: "Too many failed sign-ins for this email from your network",
    },
    sign_ups: { points: settings.SIGN_UPS_PER_HOUR, seconds: 3600, refusal: "Too many sign-ups from this address" },
    // "Forgot password" sends email: a network may ask a few times an hour, and one address gets at
    // most a few messages an hour whoever asks (no mailbox flooded, no SMTP budget spent by a stranger).
    password_reset_network: {
      points: 10,
      seconds: 3600,
      refusal: "Too many password reset requests from your network",
    },
    password_reset_email: { points: 3, seconds: 3600, refusal: "Too many password reset requests for this email" },
    // Second-factor codes tried for one user, over every challenge: a known password buys a few guesses, not a million.
    second_factor_user: { points: 10, seconds: FIFTEEN_MINUTES, refusal: "Too many codes tried for this account" },
  };
}

/** The process's limiter, on a small pool of its own (made on first use). */
export function rateLimiter(): Promise<RateLimiter> {
  shared.limiter ??= connection()
    .then(({ url }) => createRateLimiter(createLimiterPool(url), budgets()))
    .catch((err) => {
      shared.limiter = undefined;
      throw err;
    });
  return shared.limiter;
}

/** Count one call of `client` against `bucket` on the process's limiter, or throw 429 `rate_limited`. */
export async function assertWithinRateLimit(bucket: RateLimitBucket, client: string): Promise<void> {
  await (await rateLimiter()).consume(bucket, client);
}
