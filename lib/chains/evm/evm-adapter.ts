import { isNativeAsset } from "../caip";
import { ChainVerificationError, type ChainAdapter, type PaymentAction, type TransferIntent } from "../chain-adapter";
import { boundTransferData } from "./bound-transfer-data";
import { broadcastRaw } from "./broadcast-raw";
import { transferWithAuthorizationTypedData } from "./eip3009-typed-data";
import { addressOrThrow, tokenAddressOf } from "./evm-client";
import { observeEvmTransfer } from "./observe-evm-transfer";
import type { EvmGasSigner } from "../signers/gas-signer";
import { createRelayer } from "./relayer";
import { readTokenDomainOrThrow } from "./token-domain";
import { verifyAuthorization } from "./verify-authorization";
import { nativeTransferRequest, verifyNativeTransfer } from "./native-transfer";
import { verifyEvmRefund } from "./verify-evm-refund";
import { verifyErc20Transfer } from "./verify-erc20-transfer";
import { evmBlockHash } from "./evm-block-hash";
import { transferBlockHashes } from "./transfer-block-hashes";
import { evmChainHead, evmChainTip, locateEvmTransfer } from "./locate-evm-transfer";
import { scanEvmTransfers } from "./scan-evm-transfers";

export type EvmAdapterOptions = {
  /** Signer of the gas key that relays EIP-3009 authorizations (the key holds ETH only). */
  relayer: EvmGasSigner;
  /** How long verify waits for the node to know a wallet-sent transaction (default 5 s). */
  transactionLookupMs?: number;
};

type EvmMethod = "eip3009" | "erc20_transfer" | "native_transfer";

/** The intent's method is an EVM one and fits its asset: the native coin only as a value transfer, tokens never. */
function assertMethod(intent: TransferIntent): asserts intent is TransferIntent & { method: EvmMethod } {
  if (intent.method !== "eip3009" && intent.method !== "erc20_transfer" && intent.method !== "native_transfer")
    throw new Error(`method ${intent.method} is not an EVM method`);
  if ((intent.method === "native_transfer") !== isNativeAsset(intent.token.caip19))
    throw new Error(`method ${intent.method} does not pay ${intent.token.caip19}`);
  if (intent.method === "eip3009" && !intent.token.eip3009) throw new Error(`${intent.token.caip19} has no EIP-3009`);
}

/**
 * The eip155 ChainAdapter (viem). EIP-3009 tokens: the buyer signs a TransferWithAuthorization
 * and the relayer pays the gas. Other ERC-20s: the buyer's wallet sends `transfer` and verify
 * checks the hash it returns; the native coin likewise, sent as the transaction's value. Never touches the database; holds no state but client caches.
 */
export function createEvmAdapter(options: EvmAdapterOptions): ChainAdapter {
  const relayer = createRelayer(options.relayer);
  const lookupMs = options.transactionLookupMs ?? 5_000;

  return {
    namespace: "eip155",
    gasAddress: relayer.address,
    relayer,

    async actionsFor(intent): Promise<PaymentAction[]> {
      assertMethod(intent);
      const payer = addressOrThrow(intent.payer, "payer");
      if (intent.method === "eip3009") {
        const typedData = transferWithAuthorizationTypedData(
          intent,
          await readTokenDomainOrThrow(intent.network, intent.token),
        );
        return [
          {
            type: "walletRpc",
            chainId: intent.network.chainId,
            method: "eth_signTypedData_v4",
            params: [payer, JSON.stringify(typedData)],
          },
        ];
      }
      if (intent.method === "native_transfer") {
        const tx = nativeTransferRequest(intent);
        return [{ type: "walletRpc", chainId: intent.network.chainId, method: "eth_sendTransaction", params: [tx] }];
      }
      const tx = {
        from: payer,
        to: tokenAddressOf(intent.network, intent.token),
        data: boundTransferData(intent),
        value: "0x0",
      };
      return [{ type: "walletRpc", chainId: intent.network.chainId, method: "eth_sendTransaction", params: [tx] }];
    },

    async resolveBuild() {
      throw new ChainVerificationError("no build action on EVM");
    },

    async resolveBuilds() {
      throw new ChainVerificationError("no build action on EVM");
    },

    async verify(intent, results) {
      assertMethod(intent);
      const [result] = results;
      if (results.length !== 1 || result === undefined)
        throw new ChainVerificationError(`expected 1 result, got ${results.length}`);
      if (intent.method === "eip3009") return verifyAuthorization(intent, result, relayer.address);
      if (intent.method === "native_transfer") return verifyNativeTransfer(intent, result, lookupMs);
      return verifyErc20Transfer(intent, result, lookupMs);
    },

    async broadcast(network, rawTx) {
      return broadcastRaw(network, rawTx);
    },

    async observe(intent, tracked) {
      assertMethod(intent);
      return observeEvmTransfer(intent, tracked);
    },

    async verifyRefund(intent, txHash) {
      return verifyEvmRefund(intent, txHash);
    },

    chainHead: evmChainHead,
    chainTip: evmChainTip,
    blockHash: evmBlockHash,
    transferBlockHashes,
    scanBlocks: scanEvmTransfers,
    locateTransfer: locateEvmTransfer,
  };
}
