import { z } from "zod";
import { DECIMAL_AMOUNT } from "@/lib/money/decimal-units";
import { readSecretFiles, type SecretSetting } from "@/lib/secrets/secret-files";

/**
 * Every setting the service reads, validated once. No other module touches process.env, so this file
 * is the complete list: the table in docs/operations.md is generated from it (`npm run docs:config`),
 * each row's meaning from the comment above the setting.
 */
const intFromEnv = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const envSchema = z.object({
  /**
   * `production` makes the dashboard's session cookie Secure (except on an http:// loopback
   * PUBLIC_BASE_URL). Whether SECRETS_KEY is required depends on PUBLIC_BASE_URL, not on this.
   */
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** HTTP port of `npm start` and the demo. */
  PORT: intFromEnv(1, 65535, 3000),
  /**
   * The interface `npm run demo` listens on, an IP address (also `--host`). Unset: 127.0.0.1, since the
   * demo opens sign-up and allows private webhook targets; 0.0.0.0 asks for every interface. `npm start`
   * takes `-H` instead.
   */
  HOST: z.string().min(1).optional(),
  /**
   * External PostgreSQL (or DATABASE_URL_FILE: a file holding it, since it holds a password). When unset, an
   * embedded PostgreSQL is started under EMBEDDED_PG_DIR, which NODE_ENV=production refuses unless
   * EMBEDDED_PG_IN_PRODUCTION=true.
   */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  /**
   * Connections of this process's main pool to PostgreSQL (postgres.js pipelines queries over them). Status
   * polls use 2 more of their own, so long transactions never hold them up; with the LISTEN connection and
   * the rate limiter's 3, a process holds at most this + 6.
   */
  DATABASE_POOL_SIZE: intFromEnv(1, 100, 10),
  /** Data folder of the embedded PostgreSQL (used when DATABASE_URL is unset). */
  EMBEDDED_PG_DIR: z.string().min(1).default(".data/postgres"),
  /** Port of the embedded PostgreSQL, on loopback only. */
  EMBEDDED_PG_PORT: intFromEnv(1024, 65535, 54329),
  /**
   * Lets NODE_ENV=production run on the embedded PostgreSQL (one machine, one data folder, backups by
   * `npm run cli -- backup`). Without it a production start with no DATABASE_URL stops with a message.
   */
  EMBEDDED_PG_IN_PRODUCTION: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** Origin buyers reach the checkout at; gatewayUrl is `$PUBLIC_BASE_URL/pay?pid=…`. Unset: http://localhost:$PORT. */
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Payment window when a request gives no expiresAt (seconds). */
  PAYMENT_EXPIRY_SECONDS: intFromEnv(60, 30 * 24 * 3600, 15 * 60),
  /** Suggested status polling interval returned to merchants and wallets. */
  POLL_INTERVAL_MS: intFromEnv(100, 60_000, 2000),
  /** How often the expiry job sweeps pending payments; 0 turns the job off. */
  EXPIRY_JOB_INTERVAL_MS: intFromEnv(0, 3_600_000, 5000),
  /** JSON file of networks and tokens (see docs/operations.md). Unset: the local devnet, when it is running. */
  NETWORKS_FILE: z.string().min(1).optional(),
  /**
   * The service's EVM gas key (relays EIP-3009 authorizations), 0x + 64 hex digits, or
   * EVM_RELAYER_PRIVATE_KEY_FILE naming a file that holds it. Give one of this, EVM_RELAYER_KEYSTORE_FILE or
   * EVM_RELAYER_SIGNER_URL. None of them: the running devnet's relayer while the networks are the devnet's
   * (no NETWORKS_FILE); with NETWORKS_FILE under NODE_ENV=production, an EVM network without its key stops the start.
   */
  EVM_RELAYER_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, "must be 0x + 64 hex digits")
    .optional(),
  /** An encrypted Ethereum JSON keystore (v3) holding the EVM gas key (`npm run cli -- keystore create`). */
  EVM_RELAYER_KEYSTORE_FILE: z.string().min(1).optional(),
  /** The passphrase of EVM_RELAYER_KEYSTORE_FILE; give it as EVM_RELAYER_KEYSTORE_PASSPHRASE_FILE, a file holding it. */
  EVM_RELAYER_KEYSTORE_PASSPHRASE: z.string().min(1).optional(),
  /**
   * A remote signer that holds the EVM gas key (a KMS behind a small HTTP service): it is sent the hash of
   * each relay transaction and answers the signature, which must recover to EVM_RELAYER_ADDRESS.
   */
  EVM_RELAYER_SIGNER_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The bearer token EVM_RELAYER_SIGNER_URL expects (or EVM_RELAYER_SIGNER_TOKEN_FILE). */
  EVM_RELAYER_SIGNER_TOKEN: z.string().min(1).optional(),
  /** The EVM gas key's address, required with EVM_RELAYER_SIGNER_URL: a signature from any other key is refused. */
  EVM_RELAYER_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, "must be 0x + 40 hex digits")
    .optional(),
  /**
   * The service's Solana fee payer, base58 of the 64-byte secret key, or SOLANA_FEE_PAYER_SECRET_KEY_FILE
   * naming a file that holds it. Give one of this, SOLANA_FEE_PAYER_KEYSTORE_FILE or
   * SOLANA_FEE_PAYER_SIGNER_URL. None of them: the running devnet's while the networks are the devnet's (no
   * NETWORKS_FILE); with NETWORKS_FILE under NODE_ENV=production, a Solana network without its fee payer stops the start.
   */
  SOLANA_FEE_PAYER_SECRET_KEY: z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/, "must be base58 of a 64-byte secret key")
    .optional(),
  /** An encrypted keystore (the Ethereum v3 scheme over the 64-byte secret key) holding the Solana fee payer. */
  SOLANA_FEE_PAYER_KEYSTORE_FILE: z.string().min(1).optional(),
  /** The passphrase of SOLANA_FEE_PAYER_KEYSTORE_FILE; give it as SOLANA_FEE_PAYER_KEYSTORE_PASSPHRASE_FILE. */
  SOLANA_FEE_PAYER_KEYSTORE_PASSPHRASE: z.string().min(1).optional(),
  /**
   * A remote signer that holds the Solana fee payer: it is sent each transaction message the fee payer
   * signs and answers the Ed25519 signature, which must verify under SOLANA_FEE_PAYER_ADDRESS.
   */
  SOLANA_FEE_PAYER_SIGNER_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The bearer token SOLANA_FEE_PAYER_SIGNER_URL expects (or SOLANA_FEE_PAYER_SIGNER_TOKEN_FILE). */
  SOLANA_FEE_PAYER_SIGNER_TOKEN: z.string().min(1).optional(),
  /** The fee payer's public key (base58), required with SOLANA_FEE_PAYER_SIGNER_URL. */
  SOLANA_FEE_PAYER_ADDRESS: z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, "must be a base58 public key")
    .optional(),
  /** Longest wait for a remote signer's answer; a signature that does not come fails that confirm or send. */
  SIGNER_TIMEOUT_MS: intFromEnv(100, 60_000, 5_000),
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
  /**
   * How often each network's chain is scanned for transfers to receiving addresses (the ledger). A
   * transfer is recorded at most about this long (plus one scan) after it reaches its network's
   * `confirmations`; an idle scan costs one eth_blockNumber.
   */
  LEDGER_SCAN_INTERVAL_MS: intFromEnv(100, 600_000, 1_000),
  /**
   * Blocks one scan reads at most (one eth_getLogs); a scan behind the head catches up this many at a time.
   * While a native-coin option is open on the network, 50 (each block is then read whole).
   */
  LEDGER_MAX_RANGE_BLOCKS: intFromEnv(1, 100_000, 500),
  /** Where a network's first scan starts: this many blocks before the head it sees. */
  LEDGER_START_LOOKBACK_BLOCKS: intFromEnv(0, 1_000_000, 100),
  /**
   * How long an instance holds a network's scan (and a transfer's finality check) before another
   * instance may take it over: a pass ends within 80% of it; an instance killed (or stopped) mid-scan
   * delays its network's scan by at most this much.
   */
  LEDGER_LEASE_MS: intFromEnv(1_000, 600_000, 10_000),
  /**
   * A processing payment whose transfer has not landed this long after confirm recorded it (a wallet's
   * underpriced transaction the node keeps but never mines, a relay that cannot get in) ends `failed`
   * with the `stuck` exception; should the transfer land later, the ledger records it as paid late.
   */
  PROCESSING_DEADLINE_S: intFromEnv(10, 30 * 24 * 3600, 3 * 3600),
  /**
   * Longest wait for one answer from one RPC endpoint (a network's rpcUrls), after which that call
   * fails over to the next endpoint. A node that stops answering then costs a call this long, never
   * more: the settlement watcher's checks, confirm's broadcast and every other chain read are bounded by it.
   */
  RPC_TIMEOUT_MS: intFromEnv(200, 120_000, 10_000),
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
   * Dashboard sign-up attempts allowed per client network (an IPv4 address, an IPv6 /64) per hour.
   * Each costs a password hash and makes a merchant, so anonymous callers must not get unlimited ones.
   */
  SIGN_UPS_PER_HOUR: intFromEnv(1, 100_000, 10),
  /**
   * Where the service sends email (password resets): an SMTP URL, `smtp://user:pass@host:587` or
   * `smtps://…:465`. Unset: every message is written to the log instead (development; a warning in production).
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The From of every email the service sends. */
  EMAIL_FROM: z.string().min(3).max(320).default("Payment service <no-reply@localhost>"),
  /**
   * The operator's address: gas keys running low are emailed here (at most once a day per key). Unset:
   * the operator hears of them only through /healthz, the metrics and the log.
   */
  OPERATOR_EMAIL: z.email().optional(),
  /** How often each instance looks for notification emails to plan and send (payment exceptions, disabled endpoints, new devices, gas). */
  NOTIFIER_INTERVAL_MS: intFromEnv(200, 3_600_000, 5000),
  /**
   * Dashboard sign-in attempts the whole service takes per minute, from every address together,
   * counted in PostgreSQL so that all instances share it; 429 `rate_limited` beyond. Each attempt
   * costs a password hash: a flood from many addresses meets this budget, while per-address and
   * per-(email, address) limits stop guessing from one place without locking the owner out.
   */
  SIGN_INS_PER_MINUTE: intFromEnv(1, 1_000_000, 60),
  /**
   * A dashboard session unused for this many minutes has ended (sign in again); the absolute lifetime is
   * 14 days from sign-in whatever the use. A left-open tab on a shared computer stops moving money.
   */
  SESSION_IDLE_MINUTES: intFromEnv(5, 7 * 24 * 60, 120),
  /**
   * Password hashes (scrypt, 128 MiB and most of a second of one core each) this process computes at
   * once, for sign-ins, sign-ups and the CLI, each on a thread of its own at the lowest CPU priority.
   * One keeps a 2-core machine's other core, and the memory, for the rest of the service; a machine
   * with more cores may allow more.
   */
  PASSWORD_HASH_CONCURRENCY: intFromEnv(1, 64, 1),
  /** Password hashes that may wait for a free slot; beyond, 503 `server_busy` with Retry-After. */
  PASSWORD_HASH_QUEUE: intFromEnv(0, 1000, 4),
  /**
   * Reverse proxies of the operator's in front of the server. At 0 the client address (per-client
   * limits) is the connection's peer and any X-Forwarded-For a client sends is ignored; at n,
   * scripts/serve.mjs takes the address n places from the right of X-Forwarded-For plus the peer, so
   * each proxy must append what it saw. Setting it without such proxies lets clients choose their
   * address. Above 0, the dashboard's same-origin check also believes X-Forwarded-Host and
   * X-Forwarded-Proto, which only such a proxy may set; at 0 a client could write them itself, so they
   * are ignored.
   */
  TRUST_PROXY_HOPS: intFromEnv(0, 10, 0),
  /**
   * How long a SIGTERM or SIGINT lets this process finish what it is doing before it exits: /readyz
   * answers 503 at once, no new connection is accepted and no new work claimed, long-polls are answered
   * with the current status, and requests, sends and webhook attempts in flight finish. Sends and attempts
   * still running near the end hand their work back (another instance takes it at once) and the process
   * exits. Give the orchestrator's kill timeout (Kubernetes' terminationGracePeriodSeconds) a few seconds more.
   */
  SHUTDOWN_GRACE_MS: intFromEnv(0, 600_000, 20_000),
  /**
   * How often old rows are deleted: Idempotency-Key records (merchant and Platform API) once a
   * day old, and the per-client limit counters (sign-ins, sign-ups, gateway) an hour after their
   * window ended.
   */
  PRUNE_INTERVAL_MS: intFromEnv(100, 24 * 3600 * 1000, 3600 * 1000),
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
   * Gateway options calls allowed per client address per minute (see TRUST_PROXY_HOPS), counted in
   * PostgreSQL so that every instance shares one budget; 429 `rate_limited` beyond. One checkout asks
   * for options a few times (connect, switch account, a quote refresh), fetches once or twice and
   * confirms once or twice, retries included. The defaults leave room for a shop's many buyers
   * behind one NAT (tens of checkouts a minute from one address) while a script hammering the
   * service from one address meets the limit within seconds. Status polls are never limited.
   */
  GATEWAY_OPTIONS_PER_MINUTE: intFromEnv(1, 1_000_000, 120),
  /** Gateway fetch calls allowed per client address per minute, counted like GATEWAY_OPTIONS_PER_MINUTE. */
  GATEWAY_FETCH_PER_MINUTE: intFromEnv(1, 1_000_000, 60),
  /** Gateway confirm calls allowed per client address per minute, counted like GATEWAY_OPTIONS_PER_MINUTE. */
  GATEWAY_CONFIRM_PER_MINUTE: intFromEnv(1, 1_000_000, 60),
  /** Gateway (buyer) cancel calls allowed per client address per minute, counted like GATEWAY_OPTIONS_PER_MINUTE. */
  GATEWAY_CANCEL_PER_MINUTE: intFromEnv(1, 1_000_000, 30),
  /**
   * Payments a client address may create through payment links per minute (every link together),
   * counted like GATEWAY_OPTIONS_PER_MINUTE: a stranger cannot flood a merchant with payments.
   */
  PAYMENT_LINK_PAYMENTS_PER_MINUTE: intFromEnv(1, 1_000_000, 10),
  /**
   * Confirms of one payment that fail verification, from all addresses together, per 10 minutes; past it,
   * 429 for that payment until the window ends. A wallet's honest retries stay far below it.
   */
  GATEWAY_REFUSED_CONFIRMS_PER_PAYMENT: intFromEnv(1, 10_000, 20),
  /**
   * Live quotes (option rows not yet expired) one client network (an IPv4 address, an IPv6 /64) may
   * hold on one payment; beyond, options answers that client 409 `too_many_options` and stores nothing.
   * Repeated calls reuse a live quote for the same account and token, so a checkout holds one row per
   * (account, token): a buyer with a few wallets stays far below it, and a stranger inventing accounts
   * uses up only its own share, never the buyer's.
   */
  MAX_OPTIONS_PER_CLIENT: intFromEnv(1, 10_000, 25),
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
   * The key that encrypts secrets stored in the database (webhook signing secrets): base64 of 32 random
   * bytes (`openssl rand -base64 32`). A comma-separated list rotates it: the first encrypts, every one
   * decrypts, and each start re-encrypts what the others sealed. Required in production (whenever
   * PUBLIC_BASE_URL names a host other than loopback); on loopback (development, tests, a local demo) a
   * key is generated once into SECRETS_KEY_FILE when it is unset.
   */
  SECRETS_KEY: z
    .string()
    .regex(
      /^\s*[A-Za-z0-9+/]{43}=\s*(,\s*[A-Za-z0-9+/]{43}=\s*)*$/,
      "must be base64 of 32 bytes (openssl rand -base64 32), or several, comma-separated",
    )
    .optional(),
  /**
   * A file holding SECRETS_KEY (the `_FILE` form of a secret setting; give one of the two). Outside a
   * deployment, when it does not exist yet, a key is generated into it (mode 0600); unset there, that file
   * is .data/secrets.key.
   */
  SECRETS_KEY_FILE: z.string().min(1).optional(),
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
  /**
   * An endpoint whose attempts time out one after another gets shorter timeouts: each timeout in a row
   * halves WEBHOOK_TIMEOUT_MS, down to this (every 8th attempt of a streak gets the full one); any answer
   * restores the full timeout.
   */
  WEBHOOK_MIN_TIMEOUT_MS: intFromEnv(100, 60_000, 2000),
  /**
   * Webhook attempts one instance makes at the same time (an attempt holds a socket, not a database
   * connection). Shares, so that no merchant's slow receivers starve the others: at most a quarter of
   * them to one merchant's endpoints, a quarter to one host (host:port), and an eighth to one merchant's
   * endpoints on one host (a host that many merchants share stays open to the others).
   */
  WEBHOOK_CONCURRENCY: intFromEnv(2, 1000, 128),
  /** An endpoint whose every attempt has failed for this long is disabled, e.g. "5d", "12h" (units ms, s, m, h, d). */
  WEBHOOK_DISABLE_AFTER: z
    .string()
    .regex(/^\s*\d+(ms|s|m|h|d)\s*$/, "must be a duration like 5d, 12h or 30m")
    .default("5d"),
  /** Test events a merchant may send per minute (API and dashboard together); 429 with Retry-After beyond. */
  WEBHOOK_TESTS_PER_MINUTE: intFromEnv(1, 100_000, 20),
  /** Resends a merchant may ask for per minute (one delivery, or every failed one since a time); 429 with Retry-After beyond. */
  WEBHOOK_RESENDS_PER_MINUTE: intFromEnv(1, 100_000, 30),
  /**
   * Days a webhook event (its deliveries and their attempts) is kept once no delivery of it is still
   * pending; 0 keeps them forever. Older ones are deleted every WEBHOOK_PRUNE_INTERVAL_MS.
   */
  WEBHOOK_RETENTION_DAYS: intFromEnv(0, 3650, 30),
  /** How often each instance deletes the webhook events WEBHOOK_RETENTION_DAYS no longer keeps. */
  WEBHOOK_PRUNE_INTERVAL_MS: intFromEnv(100, 24 * 3600 * 1000, 3600 * 1000),
  /**
   * Serve Prometheus metrics at /metrics on this port, on a listener of its own that the public port
   * never answers for (keep the port off the internet: publish it only to the scraper). With
   * METRICS_TOKEN also set, this port asks for the token too. Unset, with no METRICS_TOKEN either:
   * /metrics is not served.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * Serve /metrics on the main port to a scraper that sends `Authorization: Bearer <this>` (401 without
   * it or with another), or METRICS_TOKEN_FILE naming a file that holds it. At least 32 characters
   * (`openssl rand -hex 32`).
   */
  METRICS_TOKEN: z.string().min(32, "must be at least 32 characters (openssl rand -hex 32)").optional(),
  /** pino log level; `silent` turns logs off. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof envSchema> & { PUBLIC_BASE_URL: string };

let cached: Env | undefined;

/**
 * The settings that hold secrets: each may be given as X_FILE, a file holding it, instead (the form
 * container secrets and secret stores mount), so that it never shows in /proc/<pid>/environ.
 */
export const SECRET_SETTINGS: readonly SecretSetting[] = [
  { name: "DATABASE_URL" },
  { name: "EVM_RELAYER_PRIVATE_KEY" },
  { name: "EVM_RELAYER_KEYSTORE_PASSPHRASE" },
  { name: "EVM_RELAYER_SIGNER_TOKEN" },
  { name: "SOLANA_FEE_PAYER_SECRET_KEY" },
  { name: "SOLANA_FEE_PAYER_KEYSTORE_PASSPHRASE" },
  { name: "SOLANA_FEE_PAYER_SIGNER_TOKEN" },
  { name: "METRICS_TOKEN" },
  { name: "SECRETS_KEY", missingFileUnset: true },
];

/** Validate `source` (process.env unless a test gives another), each secret setting read from its file if so given. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const { values, fromFile, issues } = readSecretFiles(source, SECRET_SETTINGS);
  const parsed = envSchema.safeParse(values);
  const lines = issues.map((issue) => `  ${issue}`);
  if (!parsed.success)
    for (const i of parsed.error.issues) {
      const name = i.path.join(".");
      lines.push(`  ${fromFile.has(name) ? `${name} (read from ${name}_FILE)` : name}: ${i.message}`);
    }
  if (lines.length || !parsed.success) throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  const value = parsed.data;
  const base = (value.PUBLIC_BASE_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, "");
  return { ...value, PUBLIC_BASE_URL: base };
}

export function env(): Env {
  if (cached) return cached;
  cached = parseEnv(process.env);
  return cached;
}
