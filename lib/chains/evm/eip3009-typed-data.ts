import type { TransferIntent } from "../chain-adapter";
import { addressOrThrow } from "./evm-client";
import { EIP712_DOMAIN_TYPES, type Eip712Domain } from "./token-domain";

/** EIP-712 typed data as a wallet receives it in eth_signTypedData_v4 (JSON-safe: numbers as decimal strings). */
export type TransferWithAuthorizationTypedData = {
  types: {
    EIP712Domain: typeof EIP712_DOMAIN_TYPES;
    TransferWithAuthorization: typeof TRANSFER_WITH_AUTHORIZATION_TYPES;
  };
  primaryType: "TransferWithAuthorization";
  domain: Eip712Domain;
  message: {
    from: `0x${string}`;
    to: `0x${string}`;
    value: string;
    validAfter: string;
    validBefore: string;
    nonce: `0x${string}`;
  };
};

const TRANSFER_WITH_AUTHORIZATION_TYPES = [
  { name: "from", type: "address" },
  { name: "to", type: "address" },
  { name: "value", type: "uint256" },
  { name: "validAfter", type: "uint256" },
  { name: "validBefore", type: "uint256" },
  { name: "nonce", type: "bytes32" },
] as const;

/**
 * The EIP-3009 authorization for `intent`: payer to recipient, the exact amount, valid from the
 * epoch until `intent.validBefore`, with the payment's reference as nonce (one signature, one
 * payment option: the token refuses a second use). Deterministic, so submit can rebuild it.
 */
export function transferWithAuthorizationTypedData(
  intent: TransferIntent,
  domain: Eip712Domain,
): TransferWithAuthorizationTypedData {
  if (!/^0x[0-9a-fA-F]{64}$/.test(intent.reference)) throw new Error("intent.reference must be 32 bytes of hex");
  if (intent.amount <= 0n) throw new Error("intent.amount must be positive");
  return {
    types: { EIP712Domain: EIP712_DOMAIN_TYPES, TransferWithAuthorization: TRANSFER_WITH_AUTHORIZATION_TYPES },
    primaryType: "TransferWithAuthorization",
    domain,
    message: {
      from: addressOrThrow(intent.payer, "payer"),
      to: addressOrThrow(intent.recipient, "recipient"),
      value: intent.amount.toString(),
      validAfter: "0",
      validBefore: String(intent.validBefore),
      nonce: intent.reference,
    },
  };
}

/** The same typed data with numbers as bigints, the form viem hashes and recovers. */
export function toViemTypedData({ types, primaryType, domain, message }: TransferWithAuthorizationTypedData) {
  return {
    types,
    primaryType,
    domain: { ...domain, chainId: BigInt(domain.chainId) },
    message: {
      ...message,
      value: BigInt(message.value),
      validAfter: BigInt(message.validAfter),
      validBefore: BigInt(message.validBefore),
    },
  };
}
