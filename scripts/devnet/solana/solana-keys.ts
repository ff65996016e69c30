import { createHash } from "node:crypto";
import { Keypair } from "@solana/web3.js";
import { getBase58Decoder } from "@solana/kit";

const seed = (label: string) => createHash("sha256").update(`payment-service-devnet/solana/${label}`).digest();

/** Keypairs derived from fixed labels: every devnet start has the same buyers, mint and merchant. */
export function devnetKeypair(label: string): Keypair {
  return Keypair.fromSeed(seed(label));
}

/**
 * The devnet's genesis hash (32 bytes, base58). Fixed, so the CAIP-2 chain id
 * `solana:<first 32 characters>` a merchant configures stays valid across restarts, and it can
 * never collide with mainnet's, devnet's or testnet's genesis hash.
 */
export const GENESIS_HASH = getBase58Decoder().decode(seed("genesis"));
export const CAIP2_CHAIN_ID = `solana:${GENESIS_HASH.slice(0, 32)}`;

export interface SolanaKeyInfo {
  publicKey: string;
  /** base58 of the 64-byte secret key (seed + public key), the form browser wallets import. */
  secretKey: string;
}

export function keyInfo(keypair: Keypair): SolanaKeyInfo {
  return { publicKey: keypair.publicKey.toBase58(), secretKey: getBase58Decoder().decode(keypair.secretKey) };
}
