import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Address } from "viem";
import type { EvmKey } from "./evm/evm-accounts";
import type { EvmTokenInfo } from "./evm/deploy-tokens";
import type { PriceFeedInfo } from "./evm/deploy-price-feeds";
import type { SolanaInfo } from "./solana/start-solana";

export type { EvmKey } from "./evm/evm-accounts";
export type { EvmTokenInfo } from "./evm/deploy-tokens";
export type { PriceFeedInfo } from "./evm/deploy-price-feeds";
export type { SolanaBuyerInfo, SolanaInfo, SolanaTokenInfo } from "./solana/start-solana";
export type { SolanaKeyInfo } from "./solana/solana-keys";

export interface EvmInfo {
  /** CAIP-2, e.g. "eip155:31337". */
  chainId: string;
  /** The same chain id as a number, for viem's defineChain and wallet_addEthereumChain. */
  chainIdNumber: number;
  rpcUrl: string;
  tokens: EvmTokenInfo[];
  /** Chainlink-style aggregators (EUR/USD, GBP/USD, JPY/USD, ETH/USD, SOL/USD, USDC/USD), 8 decimals, movable by anyone. */
  priceFeeds: PriceFeedInfo[];
  /** Each: 10,000 ETH, 1,000,000 USDC and 1,000,000 USDT. */
  buyers: EvmKey[];
  /** The service's gas key: ETH only. */
  relayer: EvmKey;
  /** Receiving address; starts empty. */
  merchant: { address: Address };
  /** Deployed the tokens and is their minter (mint(address,uint256)), for tests needing more tokens. */
  deployer: EvmKey;
  /** Deployed the price feeds; `npm run devnet -- set-price` moves them with it. */
  oracle: EvmKey;
}

/** Contents of .devnet/devnet.json and the `info` returned by startDevnet. */
export interface DevnetInfo {
  evm: EvmInfo;
  solana: SolanaInfo;
  /** Process that runs the devnet (and owns anvil); signal it to stop the devnet. */
  pid: number;
  startedAt: string;
}

/** Written via a temporary file and rename, so a reader never sees half a file. */
export function writeInfoFile(file: string, info: DevnetInfo): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(info, null, 2)}\n`);
  renameSync(tmp, file);
}

/** Removes the file only if it still describes this process: a newer devnet may have replaced it. */
export function removeInfoFile(file: string): void {
  try {
    const current = JSON.parse(readFileSync(file, "utf8")) as { pid?: number };
    if (current.pid === process.pid) rmSync(file, { force: true });
  } catch {
    // already gone or unreadable: nothing of ours to remove
  }
}
