/** What is true of one way of paying, wherever the code needs to know it. */
type MethodFacts = {
  namespace: "eip155" | "solana";
  /** Who pays the network fee: the service's gas key (a relay, a co-signed transaction) or the buyer's wallet. */
  feesPaidBy: "service" | "buyer";
  /** Who broadcasts the transaction: the service (after confirm) or the buyer's wallet (before it). */
  sentBy: "service" | "wallet";
  /** Who builds the transaction the wallet signs: the service (an options-time and fetch-time build) or the wallet. */
  builtBy: "service" | "wallet";
};

/**
 * The transfer methods, one row each. EVM: an EIP-3009 authorization the service relays, or a
 * transaction the wallet sends itself (an ERC-20 `transfer`, or the native coin as `value`). Solana: a
 * transaction the service builds and co-signs as fee payer (an SPL transferChecked, or a SOL transfer).
 */
export const TRANSFER_METHODS = {
  eip3009: { namespace: "eip155", feesPaidBy: "service", sentBy: "service", builtBy: "wallet" },
  erc20_transfer: { namespace: "eip155", feesPaidBy: "buyer", sentBy: "wallet", builtBy: "wallet" },
  native_transfer: { namespace: "eip155", feesPaidBy: "buyer", sentBy: "wallet", builtBy: "wallet" },
  spl_transfer: { namespace: "solana", feesPaidBy: "service", sentBy: "service", builtBy: "service" },
  sol_transfer: { namespace: "solana", feesPaidBy: "service", sentBy: "service", builtBy: "service" },
} as const satisfies Record<string, MethodFacts>;

export type TransferMethod = keyof typeof TRANSFER_METHODS;

const methodsWhere = (test: (facts: MethodFacts) => boolean): ReadonlySet<string> =>
  new Set(
    (Object.entries(TRANSFER_METHODS) as [TransferMethod, MethodFacts][])
      .filter(([, facts]) => test(facts))
      .map(([method]) => method),
  );

/** Methods whose network fees the service pays: an EIP-3009 relay, a Solana transaction it co-signs as fee payer. */
export const SERVICE_PAID = methodsWhere((m) => m.feesPaidBy === "service");
/** Methods where the buyer's wallet sends the transfer itself: the money has moved by the time confirm hears of it. */
export const WALLET_SENT = methodsWhere((m) => m.sentBy === "wallet");
/** Methods whose transaction the service builds (Solana): at options time, and fresh again at every fetch. */
export const SERVICE_BUILT = methodsWhere((m) => m.builtBy === "service");
