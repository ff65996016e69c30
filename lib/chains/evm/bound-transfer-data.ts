import { encodeFunctionData, type Hex } from "viem";
import type { TransferIntent } from "../chain-adapter";
import { ERC20_ABI } from "./erc20-abi";
import { addressOrThrow } from "./evm-client";

/**
 * The calldata of a wallet-sent payment: ERC-20 `transfer(recipient, amount)` followed by the
 * option's 32-byte reference. Tokens ignore calldata past their arguments (the ABI decoder reads
 * only what it needs), so the transfer is a plain transfer, but its input, and so its hash, is bound
 * to one payment option: a transfer made for one payment can never be confirmed for another, even
 * at the same merchant, amount and account.
 */
export function boundTransferData(intent: TransferIntent): Hex {
  const transfer = encodeFunctionData({
    abi: ERC20_ABI,
    functionName: "transfer",
    args: [addressOrThrow(intent.recipient, "recipient"), intent.amount],
  });
  if (!/^0x[0-9a-fA-F]{64}$/.test(intent.reference)) throw new Error("intent.reference must be 32 bytes of hex");
  return `${transfer}${intent.reference.slice(2).toLowerCase()}`;
}
