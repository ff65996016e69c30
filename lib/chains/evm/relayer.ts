import { keccak256, parseSignature, serializeTransaction, type TransactionSerializableEIP1559 } from "viem";
import type { RelayCall, RelayFees, Relayer, SignedRelay } from "../chain-adapter";
import type { NetworkConfig } from "../network-config";
import { evmClientFor } from "./evm-client";
import type { EvmGasSigner } from "../signers/gas-signer";
import { rpcOrThrow } from "./rpc-errors";
import { reuseFor } from "@/lib/concurrency/reuse-for";

// Fees move slowly against a relay's lifetime; one read per network every few seconds serves every
// relay in between (a stuck relay is re-sent later at a higher fee anyway).
const FEES_TTL_MS = 5_000;

/**
 * The relayer key, through its signer, as a Relayer: a relay's bytes and hash exist before it is
 * sent (signed here, or by a remote signer answering before anything is recorded), and it keeps no nonce of its own. Nonces come from the caller (the database allocates them
 * across instances), which is why viem's in-process nonce manager is not used.
 */
export function createRelayer(signer: EvmGasSigner): Relayer {
  const account = { address: signer.address };
  const recentFees = reuseFor<RelayFees>(FEES_TTL_MS);
  const count = (network: NetworkConfig, blockTag: "pending" | "latest") =>
    rpcOrThrow(`eth_getTransactionCount(${blockTag})`, () =>
      evmClientFor(network).publicClient.getTransactionCount({ address: account.address, blockTag }),
    );

  return {
    address: account.address,
    pendingNonce: (network) => count(network, "pending"),
    minedNonce: (network) => count(network, "latest"),

    fees(network) {
      return recentFees(`${network.chainId} ${network.rpcUrl}`, () =>
        rpcOrThrow("fees", () =>
          evmClientFor(network).publicClient.estimateFeesPerGas({ type: "eip1559", chain: undefined }),
        ).then((f) => ({
          maxFeePerGas: f.maxFeePerGas,
          maxPriorityFeePerGas: f.maxPriorityFeePerGas,
        })),
      );
    },

    async sign(
      network: NetworkConfig,
      { call, nonce, fees: f }: { call: RelayCall; nonce: number; fees: RelayFees },
    ): Promise<SignedRelay> {
      const { chainId } = evmClientFor(network);
      const transaction: TransactionSerializableEIP1559 = {
        type: "eip1559",
        chainId,
        nonce,
        to: call.to,
        data: call.data,
        value: 0n,
        gas: call.gasLimit,
        maxFeePerGas: f.maxFeePerGas,
        maxPriorityFeePerGas: f.maxPriorityFeePerGas,
      };
      // What viem's signTransaction does, with the signature from the signer: keccak256 of the unsigned
      // EIP-1559 serialization, signed, then serialized again with it.
      const unsigned = serializeTransaction(transaction);
      const signature = await signer.signHash(keccak256(unsigned), unsigned);
      const rawTx = serializeTransaction(transaction, parseSignature(signature));
      return { rawTx, txHash: keccak256(rawTx) };
    },
  };
}
