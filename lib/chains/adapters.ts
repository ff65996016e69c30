import { resolve } from "node:path";
import { env } from "@/lib/env";
import type { ChainAdapter } from "./chain-adapter";
import { readRunningDevnet } from "./devnet-networks";
import { createEvmAdapter } from "./evm/evm-adapter";
import { decodeBase58 } from "./solana/base58";
import { createSolanaAdapter } from "./solana/solana-adapter";

type GasKeys = { evmRelayer?: `0x${string}`; solanaFeePayer?: Uint8Array };

/** The public addresses of the service's gas keys, by namespace. Never the keys themselves. */
export type GasAccounts = { eip155?: string; solana?: string };

let adapters: Map<string, ChainAdapter> | undefined;

/**
 * The adapter for a namespace, built once with the service's gas keys: from the environment in
 * production, from the running devnet otherwise. Undefined for a namespace without a gas key.
 */
export function adapterFor(namespace: string): ChainAdapter | undefined {
  if (!adapters?.size) adapters = buildAdapters(gasKeys()); // none yet: a devnet started after the app is picked up
  return adapters.get(namespace);
}

/** The addresses that pay gas (EVM relayer, Solana fee payer): those of the adapters' own keys. */
export function gasAccounts(): GasAccounts {
  return { eip155: adapterFor("eip155")?.gasAddress, solana: adapterFor("solana")?.gasAddress };
}

/** EVM_RELAYER_PRIVATE_KEY / SOLANA_FEE_PAYER_SECRET_KEY when set, else the running devnet's. */
function gasKeys(): GasKeys {
  const settings = env();
  const devnet = readRunningDevnet(resolve(settings.DEVNET_FILE));
  const relayer = settings.EVM_RELAYER_PRIVATE_KEY ?? devnet?.evm.relayer.privateKey;
  const feePayer = settings.SOLANA_FEE_PAYER_SECRET_KEY ?? devnet?.solana.feePayer.secretKey;
  const feePayerKey = feePayer ? decodeBase58(feePayer) : undefined;
  return {
    evmRelayer: relayer ? (relayer as `0x${string}`) : undefined,
    solanaFeePayer: feePayerKey?.length === 64 ? feePayerKey : undefined,
  };
}

function buildAdapters(keys: GasKeys): Map<string, ChainAdapter> {
  const map = new Map<string, ChainAdapter>();
  if (keys.evmRelayer) map.set("eip155", createEvmAdapter({ relayerPrivateKey: keys.evmRelayer }));
  if (keys.solanaFeePayer) map.set("solana", createSolanaAdapter({ feePayerSecretKey: keys.solanaFeePayer }));
  return map;
}
