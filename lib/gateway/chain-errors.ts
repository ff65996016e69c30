import { ChainRpcError, ChainVerificationError } from "@/lib/chains/chain-adapter";
import { SignerError } from "@/lib/chains/signers/gas-signer";
import { ApiError } from "@/lib/errors/api-error";

/** Run chain work, turning adapter errors into API errors: a refused result is 422, an unreachable chain or gas key signer 502. */
export async function withChainErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ChainVerificationError) throw new ApiError("verification_failed", err.message);
    if (err instanceof SignerError)
      throw new ApiError("bad_gateway", `The service's gas key signer gave no usable signature: ${err.message}`);
    if (err instanceof ChainRpcError) throw new ApiError("bad_gateway", `The network did not answer: ${err.message}`);
    throw err;
  }
}
