import type { Db } from "@/db/client";
import { createApiKey } from "@/lib/auth/create-api-key";
import { createUser } from "@/lib/dashboard/create-user";
import { emailSchema, newPasswordSchema } from "@/lib/dashboard/credentials";
import { ApiError } from "@/lib/errors/api-error";
import { revokeApiKey } from "@/lib/auth/revoke-api-key";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { createPartner } from "@/lib/merchants/create-partner";
import { addPartnerKey, revokePartnerKey } from "@/lib/merchants/partner-keys";
import { listMerchants } from "@/lib/merchants/list-merchants";
import { parseEvmAddress, parseSolanaAddress } from "@/lib/merchants/receiving-address";
import { findMerchant } from "@/lib/merchants/find-merchant";
import { isCurrencyCode } from "@/lib/money/iso4217";
import { readGasBalances } from "@/lib/operations/read-gas-balances";
import { formatMoney, formatUnits } from "@/lib/dashboard/format";
import { feesByMerchant } from "@/lib/fees/fees-by-merchant";
import { USER_ACTIONS, userAdmin } from "./user-admin";
import { backup, restore } from "./backup";
import { keystoreCreate, type KeystoreFlags } from "./keystore";

export class UsageError extends Error {}

type Flags = {
  name?: string;
  "evm-address"?: string;
  "solana-address"?: string;
  currency?: string;
  email?: string;
  password?: string;
  json?: boolean;
  revoke?: boolean;
  clean?: boolean;
  stdin?: () => string;
} & KeystoreFlags;

/**
 * Run one CLI command; returns what goes to stdout. Bad input throws UsageError (exit 2). The
 * database is opened only for commands that need it: `gas` reads chains only.
 */
/** What a command prints, and its exit code when it is not 0 (`gas` with a key that needs attention). */
export type CommandResult = string | { output: string; exitCode: number };

/** Exit code of `gas` when a gas key is low or its balance could not be read: a cron job can alert on it. */
export const GAS_ATTENTION_EXIT_CODE = 3;

export async function runCommand(openDb: () => Promise<Db>, args: string[], flags: Flags): Promise<CommandResult> {
  const [group, action, target] = args;
  if (group === "gas" && action === undefined) return gasReport(flags);
  // No open database: backup and restore run pg_dump / pg_restore against it, keystore needs none.
  if (group === "backup" && action === undefined) return backup(flags.out);
  if (group === "restore" && target === undefined) return restore(action, flags.clean ?? false);
  if (group === "keystore" && action === "create") return keystoreCreate(flags, flags.stdin ?? (() => ""));
  if (group === "fees" && action === undefined) return feesReport(await openDb(), flags);
  if (group === "merchant" && action === "create") return merchantCreate(await openDb(), flags);
  if (group === "merchant" && action === "list") return merchantList(await openDb(), flags);
  if (group === "apikey" && action === "create") return apikeyCreate(await openDb(), target, flags);
  if (group === "apikey" && action === "revoke") return apikeyRevoke(await openDb(), target);
  if (group === "user" && action === "create") return userCreate(await openDb(), target, flags);
  if (group === "user" && USER_ACTIONS.has(action ?? ""))
    return userAdmin(await openDb(), { action: action!, target, flags });
  if (group === "partner" && action === "create") return partnerCreate(await openDb(), flags);
  if (group === "partner" && action === "add-key") return partnerAddKey(await openDb(), target, flags);
  if (group === "partner" && action === "revoke-key") return partnerRevokeKey(await openDb(), target);
  throw new UsageError(`unknown command: ${args.join(" ")}`);
}

/**
 * The gas keys' balances read now, straight from the chains (the same entries as /healthz's `gas`);
 * exits GAS_ATTENTION_EXIT_CODE when one is low or unreadable, so `cli gas || alert` works from cron.
 */
async function gasReport(flags: Flags): Promise<CommandResult> {
  const entries = await readGasBalances();
  const exitCode = entries.some((e) => e.status !== "ok") ? GAS_ATTENTION_EXIT_CODE : 0;
  if (flags.json) return { output: JSON.stringify(entries), exitCode };
  if (entries.length === 0) return "no network with a gas key";
  const status = { ok: "ok", low: "LOW", unknown: "unknown" } as const;
  const output = entries
    .map((e) =>
      [
        e.network,
        e.address,
        e.balance === null ? "-" : `${e.balance} ${e.symbol}`,
        `warn below ${e.warnBelow} ${e.symbol}`,
        status[e.status],
      ].join("\t"),
    )
    .join("\n");
  return { output, exitCode };
}

/** What the service's gas keys paid per merchant (relay gas, Solana fees and rent): today, this month, in all. */
async function feesReport(db: Db, flags: Flags): Promise<string> {
  const rows = await feesByMerchant(db);
  if (flags.json) {
    return JSON.stringify(
      rows.map((r) => ({
        ...r,
        today: formatMoney(r.today, r.currency),
        month: formatMoney(r.month, r.currency),
        total: formatMoney(r.total, r.currency),
        native: r.native.map((coin) => ({
          chainId: coin.chainId,
          symbol: coin.symbol,
          amount: formatUnits(coin.amount, coin.decimals),
          baseUnits: coin.amount.toString(),
        })),
      })),
    );
  }
  if (rows.length === 0) return "the service has paid no fees yet";
  const header = ["merchant", "name", "payments", "today", "this month", "total", "unvalued", "paid"].join("\t");
  return [
    header,
    ...rows.map((r) =>
      [
        r.merchantId,
        r.name,
        r.payments,
        formatMoney(r.today, r.currency),
        formatMoney(r.month, r.currency),
        formatMoney(r.total, r.currency),
        r.unvalued,
        r.native
          .map((coin) => `${formatUnits(coin.amount, coin.decimals)} ${coin.symbol} on ${coin.chainId}`)
          .join(", "),
      ].join("\t"),
    ),
  ].join("\n");
}

async function merchantCreate(db: Db, flags: Flags): Promise<string> {
  const name = flags.name?.trim();
  if (!name) throw new UsageError("--name is required");
  if (name.length > 200) throw new UsageError("--name must be at most 200 characters");
  const currency = (flags.currency ?? "USD").toUpperCase();
  if (!isCurrencyCode(currency)) throw new UsageError(`--currency ${flags.currency} is not an ISO 4217 code`);
  const evmAddress =
    flags["evm-address"] === undefined ? null : validated(() => parseEvmAddress(flags["evm-address"]!));
  const solanaAddress =
    flags["solana-address"] === undefined ? null : validated(() => parseSolanaAddress(flags["solana-address"]!));
  const created = await createMerchant(db, { name, currency, evmAddress, solanaAddress });
  const result = { merchantId: created.merchantId, apiKey: created.apiKey };
  if (flags.json) return JSON.stringify(result);
  return [
    `merchant ${created.merchantId} created`,
    `api key (shown once): ${created.apiKey}`,
    `key id: ${created.keyId}`,
  ].join("\n");
}

async function merchantList(db: Db, flags: Flags): Promise<string> {
  const rows = await listMerchants(db);
  if (flags.json) return JSON.stringify(rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })));
  if (rows.length === 0) return "no merchants";
  return rows
    .map((r) =>
      [r.id, r.name, r.currency, `keys:${r.activeKeys}`, r.evmAddress ?? "-", r.solanaAddress ?? "-"].join("\t"),
    )
    .join("\n");
}

async function apikeyCreate(db: Db, merchantId: string | undefined, flags: Flags): Promise<string> {
  if (!merchantId) throw new UsageError("apikey create needs a merchant id");
  if (!(await findMerchant(db, merchantId))) throw new UsageError(`no merchant ${merchantId}`);
  const key = await createApiKey(db, { merchantId, name: flags.name ?? null });
  if (flags.json) return JSON.stringify({ keyId: key.id, apiKey: key.secret });
  return [`key ${key.id} created for ${merchantId}`, `api key (shown once): ${key.secret}`].join("\n");
}

async function apikeyRevoke(db: Db, keyId: string | undefined): Promise<string> {
  if (!keyId) throw new UsageError("apikey revoke needs a key id");
  if (!(await revokeApiKey(db, keyId))) throw new UsageError(`no active key ${keyId}`);
  return `key ${keyId} revoked`;
}

async function userCreate(db: Db, merchantId: string | undefined, flags: Flags): Promise<string> {
  if (!merchantId) throw new UsageError("user create needs a merchant id");
  if (!(await findMerchant(db, merchantId))) throw new UsageError(`no merchant ${merchantId}`);
  const email = emailSchema.safeParse(flags.email ?? "");
  if (!email.success) throw new UsageError(`--email ${email.error.issues[0]?.message ?? "is invalid"}`);
  if (flags.password === undefined) throw new UsageError("give the password with --password-stdin (or --password)");
  const password = newPasswordSchema.safeParse(flags.password);
  if (!password.success) throw new UsageError(`password ${password.error.issues[0]?.message ?? "is invalid"}`);
  const userId = await createUser(db, { merchantId, email: email.data, password: password.data }).catch(
    (err: unknown) => {
      throw err instanceof ApiError ? new UsageError(`${email.data}: ${err.message}`) : err;
    },
  );
  if (flags.json) return JSON.stringify({ userId, merchantId, email: email.data });
  return `user ${userId} (${email.data}) created for ${merchantId}; they sign in at /dashboard/sign-in`;
}

/** A platform partner and its API key (shown once) for the Platform API (/v1/merchants…). */
async function partnerCreate(db: Db, flags: Flags): Promise<string> {
  const name = flags.name?.trim();
  if (!name) throw new UsageError("--name is required");
  if (name.length > 200) throw new UsageError("--name must be at most 200 characters");
  const created = await createPartner(db, name);
  if (flags.json) return JSON.stringify({ partnerId: created.partnerId, apiKey: created.apiKey });
  return [
    `partner ${created.partnerId} created`,
    `api key (shown once): ${created.apiKey}`,
    `key id: ${created.keyId}`,
  ].join("\n");
}

/** Another key for a partner (rotation: add one, move the platform to it, revoke the old one). */
async function partnerAddKey(db: Db, partnerId: string | undefined, flags: Flags): Promise<string> {
  if (!partnerId) throw new UsageError("partner add-key needs a partner id");
  const added = await addPartnerKey(db, partnerId);
  if (!added) throw new UsageError(`no partner ${partnerId}`);
  if (flags.json) return JSON.stringify({ partnerId, apiKey: added.apiKey, keyId: added.keyId });
  return [`api key (shown once): ${added.apiKey}`, `key id: ${added.keyId}`].join("\n");
}

async function partnerRevokeKey(db: Db, keyId: string | undefined): Promise<string> {
  if (!keyId) throw new UsageError("partner revoke-key needs a key id");
  if (!(await revokePartnerKey(db, keyId))) throw new UsageError(`no active partner key ${keyId}`);
  return `partner key ${keyId} revoked`;
}

function validated<T>(parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}
