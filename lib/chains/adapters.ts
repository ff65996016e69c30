import { resolve } from "node:path";
import { Keypair } from "@solana/web3.js";
import { privateKeyToAccount } from "viem/accounts";
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
let accounts: GasAccounts | undefined;

/**
 * The adapter for a namespace, built once with the service's gas keys: from the environment in
 * production, from the running devnet otherwise. Undefined for a namespace without a gas key.
 */
export function adapterFor(namespace: string): ChainAdapter | undefined {
  if (!adapters?.size) adapters = buildAdapters(gasKeys()); // none yet: a devnet started after the app is picked up
  return adapters.get(namespace);
}

/** The addresses that pay gas (EVM relayer, Solana fee payer), from the same keys as adapterFor. */
export function gasAccounts(): GasAccounts {
  if (!accounts?.eip155 && !accounts?.solana) accounts = addressesOf(gasKeys());
  return accounts;
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

function addressesOf(keys: GasKeys): GasAccounts {
  return {
    eip155: keys.evmRelayer ? privateKeyToAccount(keys.evmRelayer).address : undefined,
    solana: keys.solanaFeePayer ? Keypair.fromSecretKey(keys.solanaFeePayer).publicKey.toBase58() : undefined,
  };
}
