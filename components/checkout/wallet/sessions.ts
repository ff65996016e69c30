import type { Transaction, VersionedTransaction } from "@solana/web3.js";

/** A connected EVM wallet: its account and a signer that puts it on the action's chain first. */
export type EvmSession = {
  address: string;
  walletName: string;
  signer: { request(args: { method: string; params: unknown[]; chainId: string }): Promise<string> };
  disconnect: () => void;
};

/** A connected Solana wallet: its account and wallet-adapter's signTransaction (sign only). */
export type SolanaSession = {
  publicKey: string;
  walletName: string;
  signTransaction: <T extends Transaction | VersionedTransaction>(transaction: T) => Promise<T>;
  disconnect: () => void;
};
