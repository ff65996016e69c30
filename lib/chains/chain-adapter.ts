import type { NetworkConfig, TokenConfig } from "./network-config";

/*
 * One interface per chain namespace (eip155, solana). Adapters build what a wallet must sign,
 * verify what it returns, put it on chain and watch it settle. They never touch the database and
 * never decide a payment's status: lib/gateway does, from what they report.
 */

/** A wallet RPC request, in the service's own form (lib/gateway renders the wire forms). */
export type WalletRpcAction = {
  type: "walletRpc";
  chainId: string;
  method: "eth_signTypedData_v4" | "eth_sendTransaction" | "solana_signTransaction";
  params: unknown[];
};

/** An action the wallet resolves through `fetch` (Solana: the transaction is built fresh then). */
export type BuildAction = { type: "build"; data: string };

export type PaymentAction = WalletRpcAction | BuildAction;

/** How a buyer pays on a chain; fixed when options are offered and stored with the quote. */
export type TransferMethod = "eip3009" | "erc20_transfer" | "spl_transfer";

/** Everything an adapter needs to build or check one option's transfer. */
export type TransferIntent = {
  network: NetworkConfig;
  token: TokenConfig;
  method: TransferMethod;
  /** Buyer address (no CAIP prefix). */
  payer: string;
  /** Merchant receiving address for this namespace. */
  recipient: string;
  /** Token base units. */
  amount: bigint;
  /** 32 bytes (0x-hex) binding a signature or transaction to this payment and option. */
  reference: `0x${string}`;
  /** Unix seconds after which the authorization must be void (<= payment expiry). */
  validBefore: number;
};

/** What a resolved build action leaves for confirm to compare against. */
export type BuiltTransaction = { actions: WalletRpcAction[]; message: string; lastValidBlockHeight?: number };

export type Submitted = { txHash: string; lastValidBlockHeight?: number };

export type Observation =
  | { state: "pending" }
  | { state: "confirmed"; txHash: string; confirmations: number }
  | { state: "failed"; reason: string };

/** A result failed verification: wrong signer, amount, token, recipient, chain, altered message, reuse. */
export class ChainVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ChainVerificationError";
  }
}

/** The chain could not be reached or answered an error: retryable, not the buyer's fault. */
export class ChainRpcError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ChainRpcError";
  }
}

export interface ChainAdapter {
  readonly namespace: "eip155" | "solana";
  /** Options' actions: EVM wallet requests, or one Solana build action. */
  actionsFor(intent: TransferIntent): Promise<PaymentAction[]>;
  /** Resolve a build action into fresh wallet requests (Solana). */
  resolveBuild(intent: TransferIntent): Promise<BuiltTransaction>;
  /**
   * Verify the wallet's results against the intent, then act: relay an EIP-3009 authorization,
   * co-sign and broadcast a Solana transaction, or check a transaction the wallet sent itself.
   * Throws ChainVerificationError when anything does not match; nothing is sent then.
   */
  submit(intent: TransferIntent, results: string[], context: { built?: BuiltTransaction; notBefore: Date }): Promise<Submitted>;
  /**
   * Where a submitted transfer stands: pending, confirmed (required depth reached, and the
   * transfer on chain is exactly the intent's, mined no earlier than `notBefore`) or failed.
   */
  observe(intent: TransferIntent, submitted: Submitted, context: { notBefore: Date }): Promise<Observation>;
}
