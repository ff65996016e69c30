import { address, getBase58Decoder } from "@solana/kit";
import type { LiteSVM } from "litesvm";
import type { WireMessage } from "./wire-format";

export const LAMPORTS_PER_SIGNATURE = 5000n;
const COMPUTE_BUDGET_PROGRAM = "ComputeBudget111111111111111111111111111111";
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n;
const MAX_UNITS = 1_400_000n;
// Address lookup table account: a 56-byte header, then the 32-byte addresses.
const LOOKUP_TABLE_HEADER = 56;

export interface LoadedAddresses {
  writable: string[];
  readonly: string[];
}

/** Resolves a v0 message's lookup-table entries, so balances and parsed keys cover every account. */
export function resolveLoadedAddresses(svm: LiteSVM, message: WireMessage): LoadedAddresses {
  const loaded: LoadedAddresses = { writable: [], readonly: [] };
  const base58 = getBase58Decoder();
  for (const lookup of message.addressTableLookups) {
    const table = svm.getAccount(address(lookup.accountKey));
    if (!table.exists) continue; // the runtime rejects the transaction itself
    const entry = (i: number) => {
      const start = LOOKUP_TABLE_HEADER + 32 * i;
      return start + 32 <= table.data.length ? base58.decode(table.data.subarray(start, start + 32)) : null;
    };
    for (const i of lookup.writableIndexes) loaded.writable.push(entry(i) ?? "");
    for (const i of lookup.readonlyIndexes) loaded.readonly.push(entry(i) ?? "");
  }
  return loaded;
}

export function allAccountKeys(message: WireMessage, loaded: LoadedAddresses): string[] {
  return [...message.staticKeys, ...loaded.writable, ...loaded.readonly].filter((key) => key !== "");
}

/**
 * Fee the runtime charges: 5000 lamports per signature plus the priority fee
 * (compute-unit price in micro-lamports x compute-unit limit), as getFeeForMessage reports it.
 */
export function feeForMessage(message: WireMessage): bigint {
  let unitLimit: bigint | undefined;
  let microLamportsPerUnit = 0n;
  let otherInstructions = 0n;
  for (const ix of message.instructions) {
    const isBudget = message.staticKeys[ix.programIdIndex] === COMPUTE_BUDGET_PROGRAM;
    const view = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength);
    if (isBudget && ix.data[0] === 2 && ix.data.length >= 5) unitLimit = BigInt(view.getUint32(1, true));
    else if (isBudget && ix.data[0] === 3 && ix.data.length >= 9) microLamportsPerUnit = view.getBigUint64(1, true);
    else if (!isBudget) otherInstructions++;
  }
  const limit = unitLimit ?? minBig(otherInstructions * DEFAULT_UNITS_PER_INSTRUCTION, MAX_UNITS);
  const priorityFee = (microLamportsPerUnit * minBig(limit, MAX_UNITS) + 999_999n) / 1_000_000n;
  return BigInt(message.header.numRequiredSignatures) * LAMPORTS_PER_SIGNATURE + priorityFee;
}

const minBig = (a: bigint, b: bigint) => (a < b ? a : b);
