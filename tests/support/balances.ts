import { Connection, PublicKey } from "@solana/web3.js";
import { createPublicClient, erc20Abi, http, type Address } from "viem";
import { inject } from "vitest";

/** Token balances read straight from the local chains, to see what really moved. */
export async function evmTokenBalance(symbol: string, owner: string): Promise<bigint> {
  const { evm } = inject("devnet");
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
