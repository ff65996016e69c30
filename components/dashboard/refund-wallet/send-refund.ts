import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from "@solana/spl-token";
import { PublicKey, SystemProgram, Transaction, type Connection } from "@solana/web3.js";
import { encodeFunctionData, erc20Abi, toHex, type Address } from "viem";
import type { EvmSession } from "@/components/checkout/wallet/sessions";
import type { RefundPlan } from "@/lib/payments/refund-plan";
import { dashboardFetch, type DashboardResult } from "../dashboard-fetch";

/**
 * ERC-20 `transfer(buyer, amount)` from the merchant's wallet, which sends it and pays the gas (the
 * network's own coin: `amount` as the transaction's value). Returns the hash.
 */
export function sendEvmRefund(plan: RefundPlan, evm: EvmSession): Promise<string> {
  if (plan.tokenAddress === null) {
    return evm.signer.request({
      method: "eth_sendTransaction",
      params: [{ from: evm.address, to: plan.to, value: toHex(BigInt(plan.amount)) }],
      chainId: plan.chainId,
    });
  }
  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: "transfer",
    args: [plan.to as Address, BigInt(plan.amount)],
  });
  return evm.signer.request({
    method: "eth_sendTransaction",
    params: [{ from: evm.address, to: plan.tokenAddress, data, value: "0x0" }],
    chainId: plan.chainId,
  });
}

type SendSolana = (transaction: Transaction, connection: Connection) => Promise<string>;

/**
 * SPL transferChecked from the merchant's token account to the buyer's, creating the buyer's account
 * first if it has none (idempotent; the merchant pays its rent); SOL as a system transfer. The merchant's wallet is the fee
 * payer, signs and sends (wallet-adapter's sendTransaction). Returns the signature.
 */
export async function sendSolanaRefund(plan: RefundPlan, connection: Connection, send: SendSolana): Promise<string> {
  const merchant = new PublicKey(plan.from);
  const buyer = new PublicKey(plan.to);
  if (plan.tokenAddress === null) {
    // SOL: a system transfer, the merchant paying the fee.
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash("confirmed");
    const tx = new Transaction({ feePayer: merchant, blockhash, lastValidBlockHeight }).add(
      SystemProgram.transfer({ fromPubkey: merchant, toPubkey: buyer, lamports: BigInt(plan.amount) }),
    );
    return send(tx, connection);
  }
  const mint = new PublicKey(plan.tokenAddress);
  const mintAccount = await connection.getAccountInfo(mint);
  if (!mintAccount) throw new Error("The token's mint was not found on this network.");
  const program = mintAccount.owner; // SPL Token or Token-2022
  const source = getAssociatedTokenAddressSync(mint, merchant, true, program);
  const destination = getAssociatedTokenAddressSync(mint, buyer, true, program);
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash("confirmed");
  const tx = new Transaction({ feePayer: merchant, blockhash, lastValidBlockHeight }).add(
    createAssociatedTokenAccountIdempotentInstruction(merchant, destination, buyer, mint, program),
    createTransferCheckedInstruction(
      source,
      mint,
      destination,
      merchant,
      BigInt(plan.amount),
      plan.tokenDecimals,
      [],
      program,
    ),
  );
  return send(tx, connection);
}

type Recorded = { paymentId: string; refundTxHash: string };

/**
 * Hands the transaction to the service, which verifies it on chain before recording the refund. A
 * transaction the network has not confirmed yet (409 invalid_state) is asked about again a few times.
 */
export async function recordRefund(
  paymentId: string,
  txHash: string,
  csrfToken: string,
): Promise<DashboardResult<Recorded>> {
  for (let attempt = 0; ; attempt++) {
    const result = await dashboardFetch<Recorded>(`/dashboard/api/payments/${encodeURIComponent(paymentId)}/refund`, {
      method: "POST",
      body: { txHash },
      csrfToken,
    });
    if (result.ok || attempt >= 5 || !/not confirmed yet/.test(result.message)) return result;
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}
