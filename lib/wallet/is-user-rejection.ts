const REJECTED = /reject|denied|declined|cancell?ed/i;

/**
 * A buyer saying no in the wallet: EIP-1193 code 4001 (viem's UserRejectedRequestError), ethers'
 * ACTION_REJECTED, or a Solana wallet whose error names a rejection. Wallet libraries wrap the
 * wallet's error (viem in `cause`, wallet-adapter's WalletSignTransactionError in `error`), so
 * the chain of wrapped errors is searched too.
 */
export function isUserRejection(error: unknown): boolean {
  let e = error;
  for (let depth = 0; depth < 8 && e !== null && typeof e === "object"; depth++) {
    const {
      code,
      name,
      message,
      cause,
      error: inner,
    } = e as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; error?: unknown };
    if (code === 4001 || code === "ACTION_REJECTED") return true;
    if ((typeof name === "string" && REJECTED.test(name)) || (typeof message === "string" && REJECTED.test(message)))
      return true;
    e = cause ?? inner;
  }
  return false;
}
