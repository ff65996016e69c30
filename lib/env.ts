import { z } from "zod";
import { DECIMAL_AMOUNT } from "@/lib/money/decimal-units";

/**
 * Every setting the service reads, validated once. No other module touches process.env,
 * so this file is the complete list the README documents.
 */
const intFromEnv = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: intFromEnv(1, 65535, 3000),
  /** External PostgreSQL. When unset, an embedded PostgreSQL is started under EMBEDDED_PG_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  /** Connections this process keeps to PostgreSQL (postgres.js pipelines queries over them). */
  DATABASE_POOL_SIZE: intFromEnv(1, 100, 10),
  EMBEDDED_PG_DIR: z.string().min(1).default(".data/postgres"),
  EMBEDDED_PG_PORT: intFromEnv(1024, 65535, 54329),
  /** Origin buyers reach the checkout at; gatewayUrl is built from it. */
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Payment window when a request gives no expiresAt (seconds). */
  PAYMENT_EXPIRY_SECONDS: intFromEnv(60, 30 * 24 * 3600, 15 * 60),
  /** Suggested status polling interval returned to merchants and wallets. */
  POLL_INTERVAL_MS: intFromEnv(100, 60_000, 2000),
  /** How often the expiry job sweeps pending payments; 0 turns the job off. */
  EXPIRY_JOB_INTERVAL_MS: intFromEnv(0, 3_600_000, 5000),
  /** JSON file of networks and tokens (see README). Unset: the local devnet, when it is running. */
  NETWORKS_FILE: z.string().min(1).optional(),
  /** The service's EVM gas key (relays EIP-3009 authorizations). Unset: the running devnet's relayer. */
  EVM_RELAYER_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, "must be 0x + 64 hex digits")
    .optional(),
  /** The service's Solana fee payer, base58 of the 64-byte secret key. Unset: the running devnet's. */
  SOLANA_FEE_PAYER_SECRET_KEY: z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/, "must be base58 of a 64-byte secret key")
    .optional(),
  /** How long a quote (an option's token amount) holds, in seconds, capped by the payment's expiry. */
  QUOTE_TTL_SECONDS: intFromEnv(30, 3600, 300),
  /**
   * How often the price feeds (networks' priceFeeds) are read, at most, for all payments of an instance:
   * options within this interval price from the last read. Feeds move every few minutes or on a
   * deviation, so 30 s is fresh enough and costs one eth_call per network twice a minute.
   */
  PRICE_REFRESH_MS: intFromEnv(100, 3_600_000, 30_000),
  /** How often the settlement watcher looks for submissions that are due (each has its own next check). */
  WATCHER_INTERVAL_MS: intFromEnv(100, 60_000, 250),
  /**
   * A transaction a wallet broadcast that the network has not known for this long (and whose nonce
   * has not been used by another) is taken as dropped: the payment fails with that reason.
   */
  DROPPED_TX_TIMEOUT_S: intFromEnv(1, 7 * 24 * 3600, 600),
  /** A relay of ours that the network holds but has not mined for this long is re-sent at a higher fee, same nonce. */
  RELAY_BUMP_AFTER_S: intFromEnv(1, 24 * 3600, 60),
  /** Where `npm run devnet` describes the local chains it runs. */
  DEVNET_FILE: z.string().min(1).default(".devnet/devnet.json"),
  /**
   * WalletConnect Cloud project id. When set, the checkout also offers WalletConnect (phone
   * wallets by QR); the buyer's browser then talks to WalletConnect's relay.
   */
  WALLETCONNECT_PROJECT_ID: z
    .string()
    .regex(/^[0-9a-f]{32}$/, "must be 32 hex digits")
    .optional(),
  /**
   * Whether anyone may create a merchant account at /dashboard/sign-up. Closed by default: a service
   * that moves money should not hand accounts to strangers unless its operator chose to; the
   * operator invites merchants with the CLI (`merchant create`, then `user create`).
   */
  SIGN_UP: z.enum(["closed", "open"]).default("closed"),
  /**
   * Dashboard sign-up attempts allowed per client address (the last X-Forwarded-For hop) per hour.
   * Each costs a password hash and makes a merchant, so anonymous callers must not get unlimited ones.
   */
  SIGN_UPS_PER_HOUR: intFromEnv(1, 100_000, 10),
  /**
   * A gas key (EVM relayer, Solana fee payer) holding less than this, in the native coin (ETH, SOL),
   * is reported low by /healthz and logged. A network's `gasBalanceWarn` overrides it; 0 never warns.
   */
  GAS_BALANCE_WARN: z
    .string()
    .regex(DECIMAL_AMOUNT, "must be a decimal amount of the native coin, e.g. 0.05")
    .default("0.05"),
  /** How often the gas keys' balances are read for /healthz. */
  GAS_CHECK_INTERVAL_MS: intFromEnv(1000, 3_600_000, 60_000),
  /**
   * Gateway calls allowed per client address (the last X-Forwarded-For hop) per minute, counted in
   * PostgreSQL so that every instance shares one budget; 429 `rate_limited` beyond. One checkout asks
   * for options a few times (connect, switch account, a quote refresh), fetches once or twice and
   * confirms once or twice, retries included. The defaults leave room for a shop's many buyers
   * behind one NAT (tens of checkouts a minute from one address) while a script hammering the
   * service from one address meets the limit within seconds. Status polls are never limited.
   */
  GATEWAY_OPTIONS_PER_MINUTE: intFromEnv(1, 1_000_000, 120),
  GATEWAY_FETCH_PER_MINUTE: intFromEnv(1, 1_000_000, 60),
  GATEWAY_CONFIRM_PER_MINUTE: intFromEnv(1, 1_000_000, 60),
  GATEWAY_CANCEL_PER_MINUTE: intFromEnv(1, 1_000_000, 30),
  /**
   * Option rows (quotes) one payment may ever have; beyond, options answers 409 `too_many_options` and
   * stores nothing. Repeated calls reuse a live quote for the same account and token, so a checkout
   * adds a row per (account, token) only when a quote runs out (QUOTE_TTL_SECONDS): a buyer trying a
   * few wallets over a whole payment window stays far below 50, while a caller inventing accounts
   * cannot grow the table without end.
   */
  MAX_OPTIONS_PER_PAYMENT: intFromEnv(1, 10_000, 50),
  /**
   * Fees the service may pay per merchant per UTC day (relay gas, Solana fees and rent), in the
   * merchant's own currency, e.g. "5.00". Past it, the merchant's gasless options (EIP-3009 relays,
   * Solana transfers) are not offered until the next day and buyer-paid ones remain. Unset: no budget.
   * A fee that could not be valued (no price of the network's coin in that currency) counts as over it.
   */
  SPONSORED_FEES_PER_DAY: z
    .string()
    .regex(DECIMAL_AMOUNT, "must be a decimal amount in the merchant's currency, e.g. 5.00")
    .optional(),
  /**
   * Waits between webhook delivery attempts after the first (which is made at once), e.g. "1s,2s,4s";
   * past the last, the delivery is marked failed. The default is the public service's schedule.
   */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(/^\s*\d+(ms|s|m|h)(\s*,\s*\d+(ms|s|m|h))*\s*$/, "must be a comma-separated list of waits like 5s,5m,30m,2h")
    .default("5s,5m,30m,2h,5h,10h,10h"),
  /**
   * Webhook URLs may point at private, loopback and link-local addresses (and use plain http on
   * loopback). Only for development and tests: it lets anyone with an API key make the service call
   * into its own network.
   */
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** A delivery attempt counts only when a 2xx answer arrives within this. */
  WEBHOOK_TIMEOUT_MS: intFromEnv(100, 60_000, 15_000),
  /** Webhook attempts one instance makes at the same time (at most half of them to one endpoint). */
  WEBHOOK_CONCURRENCY: intFromEnv(2, 1000, 64),
  /**
   * Days a webhook event (its deliveries and their attempts) is kept once no delivery of it is still
   * pending; 0 keeps them forever. Older ones are deleted every WEBHOOK_PRUNE_INTERVAL_MS.
   */
  WEBHOOK_RETENTION_DAYS: intFromEnv(0, 3650, 30),
  WEBHOOK_PRUNE_INTERVAL_MS: intFromEnv(100, 24 * 3600 * 1000, 3600 * 1000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof envSchema> & { PUBLIC_BASE_URL: string };

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const value = parsed.data;
  const base = (value.PUBLIC_BASE_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, "");
  cached = { ...value, PUBLIC_BASE_URL: base };
  return cached;
}
