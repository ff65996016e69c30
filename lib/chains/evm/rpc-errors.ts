import { BaseError, ContractFunctionRevertedError } from "viem";
import { ChainRpcError, ChainVerificationError } from "../chain-adapter";

/** The revert reason when `error` is a contract revert (a verdict of the chain), else undefined. */
export function revertReasonOf(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
  if (!(reverted instanceof ContractFunctionRevertedError)) return undefined;
  return reverted.reason ?? reverted.data?.errorName ?? "execution reverted";
}

function describe(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs one RPC step; any failure that is not already a verdict becomes a ChainRpcError naming the
 * step, so callers can tell "the node failed" (retry) from "the buyer's result is wrong" (refuse).
 */
export async function rpcOrThrow<T>(step: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ChainVerificationError || error instanceof ChainRpcError) throw error;
    throw new ChainRpcError(`${step}: ${describe(error)}`, { cause: error });
  }
}
