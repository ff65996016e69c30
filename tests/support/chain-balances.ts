import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import { Connection, PublicKey } from "@solana/web3.js";
import { createPublicClient, erc20Abi, http, type Address, type Hex } from "viem";
import type { DevnetInfo } from "@payment-service/devnet";

// Free of any test runner: the integration suite (balances.ts) and the browser tests read through these.

/** Token balances read straight from the local chains: what really moved, not what the app says. */
export async function evmTokenBalance(devnet: Pick<DevnetInfo, "evm">, symbol: string, owner: string): Promise<bigint> {
  const token = devnet.evm.tokens.find((t) => t.symbol === symbol)!;
  const client = createPublicClient({ transport: http(devnet.evm.rpcUrl) });
  return client.readContract({
    address: token.address as Address,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [owner as Address],
  });
}

/** The native coin (wei) an address holds on the local EVM chain. */
export function evmNativeBalance(devnet: Pick<DevnetInfo, "evm">, owner: string): Promise<bigint> {
  return createPublicClient({ transport: http(devnet.evm.rpcUrl) }).getBalance({ address: owner as Address });
}

/** The lamports a Solana address holds (0 while it has no account). */
export async function solanaLamports(devnet: Pick<DevnetInfo, "solana">, owner: string): Promise<bigint> {
  return BigInt(await new Connection(devnet.solana.rpcUrl, "confirmed").getBalance(new PublicKey(owner), "confirmed"));
}

/** USDC in the owner's associated token account (0 while the account does not exist). */
export async function solanaUsdcBalance(devnet: Pick<DevnetInfo, "solana">, owner: string): Promise<bigint> {
  const token = devnet.solana.tokens.find((t) => t.symbol === "USDC")!;
  const account = getAssociatedTokenAddressSync(
    new PublicKey(token.mint),
    new PublicKey(owner),
    true,
    new PublicKey(token.programId),
  );
  const connection = new Connection(devnet.solana.rpcUrl, "confirmed");
  if (!(await connection.getAccountInfo(account, "confirmed"))) return 0n;
  return BigInt((await connection.getTokenAccountBalance(account, "confirmed")).value.amount);
}

/** Every `symbol` Transfer to `owner` on the local EVM chain, oldest first: who sent how much, in which transaction. */
export async function evmTokenTransfersTo(
  devnet: Pick<DevnetInfo, "evm">,
  symbol: string,
  owner: string,
): Promise<{ from: Address; value: bigint; hash: Hex }[]> {
  const token = devnet.evm.tokens.find((t) => t.symbol === symbol)!;
  const client = createPublicClient({ transport: http(devnet.evm.rpcUrl) });
  const logs = await client.getContractEvents({
    address: token.address as Address,
    abi: erc20Abi,
    eventName: "Transfer",
    args: { to: owner as Address },
    fromBlock: 0n,
  });
  return logs.map((log) => ({ from: log.args.from!, value: log.args.value!, hash: log.transactionHash }));
}
