import { getBase58Decoder } from "@solana/kit";
import type { TransactionMetadata } from "litesvm";

export interface CompiledInnerInstruction {
  programIdIndex: number;
  accounts: number[];
  data: Uint8Array;
  stackHeight: number;
}

export interface ExecutionDetails {
  logs: string[];
  unitsConsumed: bigint;
  /** Grouped by the top-level instruction that made the calls, as meta.innerInstructions is. */
  innerInstructions: { index: number; instructions: CompiledInnerInstruction[] }[];
  returnData: { programId: string; data: Uint8Array } | null;
}

/** Copies what the RPC needs out of LiteSVM's native metadata object into plain data. */
export function executionDetails(meta: TransactionMetadata): ExecutionDetails {
  const innerInstructions = meta
    .innerInstructions()
    .map((group, index) => ({
      index,
      instructions: group.map((inner) => {
        const ix = inner.instruction();
        return {
          programIdIndex: ix.programIdIndex(),
          accounts: Array.from(ix.accounts()),
          data: Uint8Array.from(ix.data()),
          stackHeight: inner.stackHeight(),
        };
      }),
    }))
    .filter((group) => group.instructions.length > 0);
  const returned = meta.returnData();
  const returnData =
    returned.data().length > 0
      ? { programId: getBase58Decoder().decode(returned.programId()), data: Uint8Array.from(returned.data()) }
      : null;
  return { logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed(), innerInstructions, returnData };
}
