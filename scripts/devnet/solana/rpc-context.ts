import { address, getBase58Encoder, isAddress, type Address } from "@solana/kit";
import type { SolanaLedger } from "./ledger";
import { invalidParams } from "./rpc-error";

export interface RpcContext {
  ledger: SolanaLedger;
  /** Reported by getGenesisHash; its first 32 characters are the CAIP-2 reference. */
  genesisHash: string;
  /** Sends lamports from the devnet faucet in a real transaction; returns its signature. */
  airdrop(to: Address, lamports: bigint): string;
}

export type RpcHandler = (params: unknown[], ctx: RpcContext) => unknown;

// Reported by getVersion and in every response context: what web3.js and kit expect from a 2.x node.
export const SOLANA_CORE_VERSION = "2.2.0";

/** The {context, value} wrapper a node puts around results that depend on a slot. */
export function withContext(ctx: RpcContext, value: unknown) {
  return { context: { apiVersion: SOLANA_CORE_VERSION, slot: ctx.ledger.clock.slot }, value };
}

export function addressParam(params: unknown[], index: number): Address {
  const value = params[index];
  if (typeof value !== "string" || !isAddress(value))
    throw invalidParams(`Invalid param: expected a base58 public key at position ${index}`);
  return address(value);
}

export function stringParam(params: unknown[], index: number, what: string): string {
  const value = params[index];
  if (typeof value !== "string") throw invalidParams(`Invalid param: expected ${what} at position ${index}`);
  return value;
}

/** The optional trailing config object most methods take ({commitment, encoding, ...}). */
export function configParam<T extends object>(params: unknown[], index: number): Partial<T> {
  const value = params[index];
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value))
    throw invalidParams(`Invalid param: expected a config object at position ${index}`);
  return value as Partial<T>;
}

/** Transactions and messages arrive base58 unless the caller says base64 (web3.js always says base64). */
export function decodeBinary(encoded: string, encoding: string | undefined): Uint8Array {
  if (encoding === "base64") return new Uint8Array(Buffer.from(encoded, "base64"));
  if (encoding === undefined || encoding === "base58") {
    try {
      return Uint8Array.from(getBase58Encoder().encode(encoded));
    } catch {
      throw invalidParams("invalid base58 encoding");
    }
  }
  throw invalidParams(`unsupported encoding: ${encoding}`);
}
