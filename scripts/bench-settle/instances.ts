import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { privateKeyToAccount } from "viem/accounts";
import { devnetNetworks } from "@/lib/chains/devnet-networks";
import type { DevnetInfo } from "@payment-service/devnet";
import { startRpcProxy, type RpcProxy, type RpcTap } from "@payment-service/devnet/rpc-proxy";
import { launchNextServer, type NextServer } from "../../tests/support/next-server";
import { fundedRelayerKey } from "../../tests/support/relayer-key";
import { ARTIFACTS, freePort, TEST_ENV } from "../../tests/support/server";

// The default of WATCHER_INTERVAL_MS in lib/env.ts: keep the two equal.
export const WATCHER_INTERVAL_MS = 250;

export type Instances = {
  servers: NextServer[];
  evm: RpcProxy;
  solana: RpcProxy;
  relayer: `0x${string}`;
  env: Record<string, string>;
  /** The instances' inspector ports, when started for CPU profiles. */
  inspectPorts: number[];
};

/**
 * A networks file naming the devnet's chains at `rpcUrls` (proxies for the app, the chains
 * themselves for the benchmark's own reads), written under tests/artifacts.
 */
export function writeNetworksFile(devnet: DevnetInfo, name: string, rpcUrls: { evm: string; solana: string }): string {
  const networks = devnetNetworks(devnet).map((n) => ({
    ...n,
    rpcUrl: n.chainId.startsWith("eip155:") ? rpcUrls.evm : rpcUrls.solana,
  }));
  const file = join(ARTIFACTS, `${name}-networks.json`);
  writeFileSync(file, JSON.stringify({ networks }, null, 2));
  return file;
}

/**
 * `count` production instances on one database, one relayer key (fresh, funded on anvil) and the
 * devnet's fee payer, reaching the chains only through two RPC proxies that count every call and
 * tell `taps` of each. Their watchers and other jobs run with the service's default settings.
 * Everything started is pushed to `onStarted` at once, so a failure half-way still cleans up.
 */
export async function startInstances(
  devnet: DevnetInfo,
  {
    databaseUrl,
    count,
    taps,
    onStarted,
    inspect = false,
  }: {
    databaseUrl: string;
    count: number;
    taps: { evm: RpcTap; solana: RpcTap };
    onStarted: (name: string, stop: () => Promise<void>, pid?: number) => void;
    inspect?: boolean;
  },
): Promise<Instances> {
  const [evm, solana] = await Promise.all([
    startRpcProxy(devnet.evm.rpcUrl, taps.evm),
    startRpcProxy(devnet.solana.rpcUrl, taps.solana),
  ]);
  onStarted("RPC proxies", async () => void (await Promise.all([evm.close(), solana.close()])));
  const relayerKey = await fundedRelayerKey(devnet.evm.rpcUrl);
  const env = {
    ...TEST_ENV,
    DATABASE_URL: databaseUrl,
    NETWORKS_FILE: writeNetworksFile(devnet, "bench-settle-app", { evm: evm.url, solana: solana.url }),
    DEVNET_FILE: join(ARTIFACTS, "no-devnet.json"),
    EVM_RELAYER_PRIVATE_KEY: relayerKey,
    SOLANA_FEE_PAYER_SECRET_KEY: devnet.solana.feePayer.secretKey,
    // The service's default, whatever the shell says: the figures are the defaults' figures.
    WATCHER_INTERVAL_MS: String(WATCHER_INTERVAL_MS),
  };
  // One at a time: the first migrates the database, the next finds it migrated.
  const servers: NextServer[] = [];
  const inspectPorts: number[] = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const inspectPort = inspect ? await freePort() : 0;
    if (inspect) inspectPorts.push(inspectPort);
    const server = await launchNextServer({
      port,
      env: {
        ...env,
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        ...(inspect ? { NODE_OPTIONS: `--inspect=127.0.0.1:${inspectPort}` } : {}),
      },
      logFile: join(ARTIFACTS, `bench-settle-app${i + 1}-${port}.log`),
    });
    onStarted(`app ${i + 1} (next start)`, server.stop, server.pid);
    servers.push(server);
  }
  return { servers, evm, solana, relayer: privateKeyToAccount(relayerKey).address, env, inspectPorts };
}
