import { Connection, PublicKey } from "@solana/web3.js";
import { inject } from "vitest";
import type { EvmInfo } from "@payment-service/devnet";
import * as onChain from "./chain-balances";

// The integration suite's view of chain-balances.ts: the suite's devnet unless a test names another.

/** Token balances read straight from the local chains (the suite's devnet unless `evm` names another), to see what really moved. */
export function evmTokenBalance(symbol: string, owner: string, evm: EvmInfo = inject("devnet").evm): Promise<bigint> {
  return onChain.evmTokenBalance({ evm }, symbol, owner);
}

export async function solanaMerchantUsdc(): Promise<bigint> {
  const { solana } = inject("devnet");
  const connection = new Connection(solana.rpcUrl, "confirmed");
  const balance = await connection.getTokenAccountBalance(new PublicKey(solana.merchant.tokenAccounts.USDC!));
  return BigInt(balance.value.amount);
}

/** A Solana owner's balance of the devnet USDC (its associated token account; 0 while it has none). */
export function solanaUsdcOf(owner: string): Promise<bigint> {
  return onChain.solanaUsdcBalance(inject("devnet"), owner);
}
