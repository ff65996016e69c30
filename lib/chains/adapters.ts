import { resolve } from "node:path";
import { env } from "@/lib/env";
import type { ChainAdapter } from "./chain-adapter";
import { readRunningDevnet } from "./devnet-networks";
import { createEvmAdapter } from "./evm/evm-adapter";
import { decodeBase58 } from "./solana/base58";
import { createSolanaAdapter } from "./solana/solana-adapter";

let adapters: Map<string, ChainAdapter> | undefined;

/**
 * The adapter for a namespace, built once with the service's gas keys: from the environment in
 * production, from the running devnet otherwise. Undefined for a namespace without a gas key.
 */
export function adapterFor(namespace: string): ChainAdapter | undefined {
  if (!adapters?.size) adapters = buildAdapters(); // none yet: a devnet started after the app is picked up
  return adapters.get(namespace);
}

function buildAdapters(): Map<string, ChainAdapter> {
  const settings = env();
  const devnet = readRunningDevnet(resolve(settings.DEVNET_FILE));
  const relayer = settings.EVM_RELAYER_PRIVATE_KEY ?? devnet?.evm.relayer.privateKey;
  const feePayer = settings.SOLANA_FEE_PAYER_SECRET_KEY ?? devnet?.solana.feePayer.secretKey;
  const map = new Map<string, ChainAdapter>();
  if (relayer) map.set("eip155", createEvmAdapter({ relayerPrivateKey: relayer as `0x${string}` }));
  const feePayerKey = feePayer ? decodeBase58(feePayer) : undefined;
  if (feePayerKey?.length === 64) map.set("solana", createSolanaAdapter({ feePayerSecretKey: feePayerKey }));
  return map;
}
