/**
 * The wallet side of a payment (spec 4.5), for the hosted checkout and any TypeScript wallet:
 * gateway calls, the spec's view of actions, and their execution with the signers the wallet
 * holds. Browser-safe: nothing here imports server code or node: modules.
 */
export { accountsFor, type HeldAddresses } from "./accounts-for";
export { evmSignerFromEip1193, type Eip1193Provider } from "./eip1193-signer";
export { executeActions } from "./execute-actions";
export { createGatewayClient, type FetchLike, type GatewayClient, type GatewayClientOptions } from "./gateway-client";
export type { Amount, GatewayStatus, OptionsResponse, PaymentInfo, PaymentOption } from "./gateway-schemas";
export { isUserRejection } from "./is-user-rejection";
export { namespaceOfChain } from "./namespace-of-chain";
export { normalizeActions } from "./normalize-actions";
export { payWithOption, type PayStep, type PayWithOptionArgs } from "./pay-with-option";
export { resolveActions } from "./resolve-actions";
export type { EvmMethod, EvmSigner, Signers, SolanaSigner } from "./signers";
export { solanaSignerFromKeypair, solanaSignerFromSignTransaction, type SignWeb3Transaction } from "./solana-signers";
export type { BuildAction, WalletAction, WalletRpcAction } from "./wallet-actions";
export { WalletFlowError, type GatewayErrorDetail, type WalletFlowErrorCode } from "./wallet-error";
