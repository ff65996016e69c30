import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import { Connection, PublicKey } from "@solana/web3.js";
import { createPublicClient, erc20Abi, http, type Address } from "viem";
import type { DevnetInfo } from "../../scripts/devnet/index";

/** Token balances read straight from the local chains: what really moved, not what the app says. */
export async function evmTokenBalance(devnet: DevnetInfo, symbol: string, owner: string): Promise<bigint> {
  const token = devnet.evm.tokens.find((t) => t.symbol === symbol)!;
  const client = createPublicClient({ transport: http(devnet.evm.rpcUrl) });
  return client.readContract({ address: token.address as Address, abi: erc20Abi, functionName: "balanceOf", args: [owner as Address] });
}

/** USDC in the owner's associated token account (0 while the account does not exist). */
export async function solanaUsdcBalance(devnet: DevnetInfo, owner: string): Promise<bigint> {
  const token = devnet.solana.tokens.find((t) => t.symbol === "USDC")!;
  const account = getAssociatedTokenAddressSync(new PublicKey(token.mint), new PublicKey(owner), true, new PublicKey(token.programId));
  const connection = new Connection(devnet.solana.rpcUrl, "confirmed");
  const balance = await connection.getTokenAccountBalance(account).catch(() => null);
  return balance ? BigInt(balance.value.amount) : 0n;
}
