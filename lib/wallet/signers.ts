/** The EVM methods the gateway asks for (spec 2.7); no other method ever reaches a signer. */
export type EvmMethod = "eth_sendTransaction" | "eth_signTypedData_v4";

/**
 * Performs EVM requests for the wallet's account, on the action's chain. Backed by an EIP-1193
 * provider (evmSignerFromEip1193) or any library. `params` are the gateway's, already in wallet
 * RPC form: eth_signTypedData_v4 `[address, typedDataJson]`, eth_sendTransaction
 * `[{from, to, data, value}]`. `chainId` is the action's CAIP-2 id (`eip155:8453`): the signer
 * must act on that chain or fail, never on another.
 */
export interface EvmSigner {
  /** Resolves to the transaction hash for eth_sendTransaction, the signature for eth_signTypedData_v4. */
  request(args: { method: EvmMethod; params: unknown[]; chainId: string }): Promise<string>;
}

/**
 * Signs a Solana transaction and nothing else: there is deliberately no send method (spec 4.5
 * rule 5; the service adds its fee-payer signature and broadcasts). Receives the transaction's
 * wire bytes (legacy or v0) and returns the wire bytes of the whole signed transaction, same
 * message, its own signature filled in; never a detached signature.
 */
export interface SolanaSigner {
  signTransaction(transaction: Uint8Array, chainId: string): Promise<Uint8Array>;
}

/** The signers a wallet holds, by CAIP-2 namespace. Leave one out when the wallet has no such key. */
export type Signers = { eip155?: EvmSigner; solana?: SolanaSigner };
