/** Every way the wallet side of a payment can fail, as one closed set a UI can switch on. */
export type WalletFlowErrorCode =
  /** An action's chain namespace is neither eip155 nor solana (spec 4.5 rule 2). */
  | "unsupported_namespace"
  /** The action needs a signer of a namespace the wallet holds no key for (rule 3). */
  | "no_signer"
  /** A wallet RPC method this client does not know (rule 6). */
  | "unknown_method"
  /** The gateway sent an action this client cannot read (bad params, a build left unresolved…). */
  | "invalid_action"
  /** The signer answered something other than what confirm needs (a detached signature, a non-hash…). */
  | "invalid_result"
  /** The buyer said no in the wallet: show "rejected, try again". */
  | "user_rejected"
  /** The wallet is on another network than the action's and could not switch. */
  | "wrong_network"
  /** The signer failed for another reason; the wallet's own error is the cause. */
  | "signer_failed"
  /** The gateway answered non-2xx, could not be reached, or answered something unreadable. */
  | "gateway_error";

/** For gateway_error: the HTTP status (0 when unreachable) and the server's code (quote_expired, …). */
export type GatewayErrorDetail = { status: number; code: string };

export class WalletFlowError extends Error {
  readonly gateway?: GatewayErrorDetail;

  constructor(
    readonly code: WalletFlowErrorCode,
    message: string,
    options: { gateway?: GatewayErrorDetail; cause?: unknown } = {},
  ) {
    // Error takes only `cause` from these options (and sets it only when given).
    super(message, options);
    this.name = "WalletFlowError";
    this.gateway = options.gateway;
  }
}
