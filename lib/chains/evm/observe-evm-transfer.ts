import { parseEventLogs, TransactionReceiptNotFoundError, type Hash, type TransactionReceipt } from "viem";
import type { Observation, Submitted, TransferIntent } from "../chain-adapter";
import { ERC20_ABI } from "./erc20-abi";
import { addressOrThrow, evmClientFor, sameAddress, tokenAddressOf } from "./evm-client";
import { rpcOrThrow } from "./rpc-errors";

/**
 * Where a submitted EVM transfer stands. Confirmed only when the receipt succeeded, carries a
 * `Transfer` log of the token contract from the payer to the recipient for exactly the amount,
 * sits in a block stamped no earlier than `notBefore` (an old transfer cannot pay a new payment)
 * and is `network.confirmations` blocks deep. No receipt yet is pending, not an error.
 */
export async function observeEvmTransfer(intent: TransferIntent, submitted: Submitted, notBefore: Date): Promise<Observation> {
  const { publicClient } = evmClientFor(intent.network);
  const hash = submitted.txHash as Hash;
  let receipt: TransactionReceipt;
  try {
    receipt = await publicClient.getTransactionReceipt({ hash });
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError) return { state: "pending" };
    return rpcOrThrow("eth_getTransactionReceipt", () => Promise.reject(error));
  }
  if (receipt.status !== "success") return { state: "failed", reason: "transaction reverted" };

  const token = tokenAddressOf(intent.network, intent.token);
  const payer = addressOrThrow(intent.payer, "payer");
  const recipient = addressOrThrow(intent.recipient, "recipient");
  const transfers = parseEventLogs({ abi: ERC20_ABI, eventName: "Transfer", logs: receipt.logs });
  const paid = transfers.some(
    (log) => sameAddress(log.address, token) && sameAddress(log.args.from, payer) && sameAddress(log.args.to, recipient) && log.args.value === intent.amount,
  );
  if (!paid) return { state: "failed", reason: `no ${intent.token.symbol} Transfer of ${intent.amount} from the payer to the recipient in the transaction` };

  const [block, latest] = await Promise.all([
    rpcOrThrow("eth_getBlockByNumber", () => publicClient.getBlock({ blockNumber: receipt.blockNumber })),
    rpcOrThrow("eth_blockNumber", () => publicClient.getBlockNumber({ cacheTime: 0 })),
  ]);
  if (block.timestamp < BigInt(Math.floor(notBefore.getTime() / 1000))) return { state: "failed", reason: "mined before the payment was created" };
  const confirmations = Number(latest - receipt.blockNumber + 1n);
  if (confirmations < intent.network.confirmations) return { state: "pending" };
  return { state: "confirmed", txHash: receipt.transactionHash, confirmations };
}
