/** A JSON-RPC error with the codes and shapes a real Solana node uses, so clients react the same way. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

// Codes from the Solana RPC (rpc-client-api custom_error.rs) and JSON-RPC 2.0.
export const RPC_PARSE_ERROR = -32700;
export const RPC_INVALID_REQUEST = -32600;
export const RPC_METHOD_NOT_FOUND = -32601;
export const RPC_INVALID_PARAMS = -32602;
export const RPC_INTERNAL_ERROR = -32603;
export const RPC_SEND_TX_PREFLIGHT_FAILURE = -32002;
export const RPC_TX_SIGNATURE_VERIFICATION_FAILURE = -32003;
export const RPC_UNSUPPORTED_TX_VERSION = -32015;

export const invalidParams = (message: string) => new RpcError(RPC_INVALID_PARAMS, message);
