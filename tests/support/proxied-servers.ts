import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Keypair } from "@solana/web3.js";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Db } from "@/db/client";
import * as schema from "@/db/schema";
import { devnetNetworks, readRunningDevnet } from "@/lib/chains/devnet-networks";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { startRpcProxy, type RpcProxy, type RpcTap } from "@payment-service/devnet/rpc-proxy";
import { fundedRelayerKey } from "./relayer-key";
import { scratchDatabaseUrl } from "./scratch-database";
import { ARTIFACTS, devnetFileOf, startServer, type RunningServer } from "./server";

export type ProxiedSetup = {
  /** The first (or only) endpoint of each chain. */
  evm: RpcProxy;
  solana: RpcProxy;
  /** Every endpoint of each chain, in the networks file's order (`endpoints` of them). */
  evmEndpoints: RpcProxy[];
  solanaEndpoints: RpcProxy[];
  db: Db;
  sql: postgres.Sql;
  merchant: { merchantId: string; apiKey: string; evmAddress: `0x${string}`; solanaAddress: string };
  /** The address of this setup's relayer key. */
  relayer: `0x${string}`;
  /** Start one more instance on this setup's database, chains (through the proxies) and relayer key. */
  start(name: string, extraEnv?: Record<string, string>): Promise<RunningServer>;
  close(): Promise<void>;
};

/** The devnet the integration suite's global setup runs. */
export const TEST_DEVNET_FILE = devnetFileOf("test");

/**
 * App instances of their own: a scratch database, a relayer key of their own, and a devnet (the
 * suite's, or the one `devnetFile` describes, for a test that must change how its chain mines)
 * reached through RPC proxies (a networks file names the proxies' URLs, as a production config
 * names a provider's), so a test can count RPC calls (or see each, `evmTap`, `solanaTap`) or hold one while it kills an instance.
 * With `endpoints` > 1, each chain is listed as `rpcUrls` of that many proxies, each URL ending in
 * `urlSuffix` (where a provider puts its key).
 */
export async function proxiedSetup(
  dbName: string,
  options: { devnetFile?: string; evmTap?: RpcTap; solanaTap?: RpcTap; endpoints?: number; urlSuffix?: string } = {},
): Promise<ProxiedSetup> {
  const devnetFile = options.devnetFile ?? TEST_DEVNET_FILE;
  const devnet = readRunningDevnet(devnetFile);
  if (!devnet) throw new Error(`no devnet running for ${devnetFile}`);
  const count = options.endpoints ?? 1;
  const [evmEndpoints, solanaEndpoints] = await Promise.all([
    Promise.all(Array.from({ length: count }, () => startRpcProxy(devnet.evm.rpcUrl, options.evmTap))),
    Promise.all(Array.from({ length: count }, () => startRpcProxy(devnet.solana.rpcUrl, options.solanaTap))),
  ]);
  const [evm, solana] = [evmEndpoints[0]!, solanaEndpoints[0]!];
  const urlsOf = (proxies: RpcProxy[]) => proxies.map((p) => `${p.url}${options.urlSuffix ?? ""}`);
  const networks = devnetNetworks(devnet).map((n) => {
    const urls = urlsOf(n.chainId.startsWith("eip155:") ? evmEndpoints : solanaEndpoints);
    // undefined: left out of the file
    return { ...n, rpcUrl: count > 1 ? undefined : urls[0], rpcUrls: count > 1 ? urls : undefined };
  });
  mkdirSync(ARTIFACTS, { recursive: true });
  const networksFile = join(ARTIFACTS, `${dbName}-networks.json`);
  writeFileSync(networksFile, JSON.stringify({ networks }, null, 2));

  const url = await scratchDatabaseUrl(dbName);
  const sql = postgres(url, { max: 4, onnotice: () => {} });
  const db = drizzle(sql, { schema }) as unknown as Db;
  const relayerKey = await fundedRelayerKey(devnet.evm.rpcUrl);
  const servers: RunningServer[] = [];
  const env = {
    DATABASE_URL: url,
    NETWORKS_FILE: networksFile,
    DEVNET_FILE: join(ARTIFACTS, "no-devnet.json"),
    EVM_RELAYER_PRIVATE_KEY: relayerKey,
    SOLANA_FEE_PAYER_SECRET_KEY: devnet.solana.feePayer.secretKey,
    WATCHER_INTERVAL_MS: "200",
    LEDGER_SCAN_INTERVAL_MS: "300",
    // The first instance only migrates and stops: a scan lease it held must not keep the next one waiting long.
    LEDGER_LEASE_MS: "5000",
    EXPIRY_JOB_INTERVAL_MS: "0",
  };
  const start = async (name: string, extraEnv: Record<string, string> = {}) => {
    const server = await startServer({ ...env, ...extraEnv }, `${dbName}-${name}`);
    servers.push(server);
    return server;
  };
  // The schema exists once a server has migrated the database.
  const first = await start("first");
  // Addresses of its own, so balance checks see only this setup's payments.
  const evmAddress = privateKeyToAccount(generatePrivateKey()).address;
  const solanaAddress = Keypair.generate().publicKey.toBase58();
  const created = await createMerchant(db, { name: "Proxied Shop", currency: "USD", evmAddress, solanaAddress });
  const merchant = { merchantId: created.merchantId, apiKey: created.apiKey, evmAddress, solanaAddress };
  await first.stop();
  return {
    evm,
    solana,
    evmEndpoints,
    solanaEndpoints,
    db,
    sql,
    merchant,
    relayer: privateKeyToAccount(relayerKey).address,
    start,
    close: async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await Promise.all([...evmEndpoints, ...solanaEndpoints].map((p) => p.close()));
      await sql.end({ timeout: 5 });
    },
  };
}

/** SIGKILL a server's whole process group, as a crash would. */
export function kill(server: RunningServer): void {
  try {
    process.kill(-server.pid, "SIGKILL");
  } catch {
    // already gone
  }
}
