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
import { startRpcProxy, type RpcProxy, type RpcTap } from "../../scripts/lib/rpc-proxy";
import { fundedRelayerKey } from "./relayer-key";
import { scratchDatabaseUrl } from "./scratch-database";
import { ARTIFACTS, ROOT, startServer, type RunningServer } from "./server";

export type ProxiedSetup = {
  evm: RpcProxy;
  solana: RpcProxy;
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
export const TEST_DEVNET_FILE = join(ROOT, ".devnet", "test-devnet.json");

/**
 * App instances of their own: a scratch database, a relayer key of their own, and a devnet (the
 * suite's, or the one `devnetFile` describes, for a test that must change how its chain mines)
 * reached through RPC proxies (a networks file names the proxies' URLs, as a production config
 * names a provider's), so a test can count RPC calls (or see each, `evmTap`) or hold one while it kills an instance.
 */
export async function proxiedSetup(
  dbName: string,
  options: { devnetFile?: string; evmTap?: RpcTap } = {},
): Promise<ProxiedSetup> {
  const devnetFile = options.devnetFile ?? TEST_DEVNET_FILE;
  const devnet = readRunningDevnet(devnetFile);
  if (!devnet) throw new Error(`no devnet running for ${devnetFile}`);
  const [evm, solana] = await Promise.all([
    startRpcProxy(devnet.evm.rpcUrl, options.evmTap),
    startRpcProxy(devnet.solana.rpcUrl),
  ]);
  const networks = devnetNetworks(devnet).map((n) => ({
    ...n,
    rpcUrl: n.chainId.startsWith("eip155:") ? evm.url : solana.url,
  }));
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
    db,
    sql,
    merchant,
    relayer: privateKeyToAccount(relayerKey).address,
    start,
    close: async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await Promise.all([evm.close(), solana.close(), sql.end({ timeout: 5 })]);
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
