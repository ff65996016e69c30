import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import { Connection, PublicKey } from "@solana/web3.js";
import { createPublicClient, erc20Abi, http, type Address } from "viem";
import { inject } from "vitest";
import type { EvmInfo } from "../../scripts/devnet/index";

/** Token balances read straight from the local chains (the suite's devnet unless `evm` names another), to see what really moved. */
export async function evmTokenBalance(symbol: string, owner: string, evm: EvmInfo = inject("devnet").evm): Promise<bigint> {
  const token = evm.tokens.find((t) => t.symbol === symbol)!;
  const client = createPublicClient({ transport: http(evm.rpcUrl) });
  return client.readContract({ address: token.address as Address, abi: erc20Abi, functionName: "balanceOf", args: [owner as Address] });
}

export async function solanaMerchantUsdc(): Promise<bigint> {
  const { solana } = inject("devnet");
  const connection = new Connection(solana.rpcUrl, "confirmed");
  const balance = await connection.getTokenAccountBalance(new PublicKey(solana.merchant.tokenAccounts.USDC!));
  return BigInt(balance.value.amount);
}

/** A Solana owner's balance of the devnet USDC (its associated token account; 0 while it has none). */
export async function solanaUsdcOf(owner: string): Promise<bigint> {
  const { solana } = inject("devnet");
  const connection = new Connection(solana.rpcUrl, "confirmed");
  const mint = new PublicKey(solana.tokens.find((t) => t.symbol === "USDC")!.mint);
  const account = getAssociatedTokenAddressSync(mint, new PublicKey(owner), true);
  if (!(await connection.getAccountInfo(account, "confirmed"))) return 0n;
  return BigInt((await connection.getTokenAccountBalance(account, "confirmed")).value.amount);
}
