import { isUserRejection } from "./is-user-rejection";
import { WalletFlowError } from "./wallet-error";

/**
 * Runs a signer call and names its failure: a buyer's "no" becomes user_rejected (the checkout
 * offers a retry), any other wallet failure signer_failed with the wallet's error as cause. A
 * WalletFlowError the signer raised itself (wrong_network…) passes as it is.
 */
export async function withSigner<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof WalletFlowError) throw error;
    if (isUserRejection(error))
      throw new WalletFlowError("user_rejected", "You rejected the request in your wallet.", { cause: error });
    const reason = error instanceof Error && error.message ? `: ${error.message}` : ".";
    throw new WalletFlowError("signer_failed", `The wallet could not complete the request${reason}`, { cause: error });
  }
}
