import { createPublicClient, createWalletClient, defineChain, getAddress, http, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { compileTokens } from "./compile-contracts";
import type { EvmAccounts } from "./evm-accounts";

export interface EvmTokenInfo {
  symbol: string;
  name: string;
  address: Address;
  decimals: number;
  /** true: supports transferWithAuthorization (gasless for the buyer); false: plain ERC-20 transfer. */
  eip3009: boolean;
}

/** 1,000,000 tokens at 6 decimals, in base units. */
export const BUYER_TOKEN_BALANCE = 1_000_000n * 10n ** 6n;

export function devnetEvmChain(chainId: number, rpcUrl: string) {
  return defineChain({
    id: chainId,
    name: "Payment devnet (anvil)",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

/**
 * Deploys USDC (EIP-3009) then USDT (plain) from the deployer's first two nonces, so their
 * addresses are the same on every fresh anvil, and gives every buyer a balance of both.
 */
export async function deployTokens(rpcUrl: string, chainId: number, accounts: EvmAccounts): Promise<EvmTokenInfo[]> {
  const compiled = await compileTokens();
  const chain = devnetEvmChain(chainId, rpcUrl);
  // anvil mines each transaction as it arrives, so receipts exist almost at once: poll fast.
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 20 });
  const wallet = createWalletClient({ chain, transport, account: privateKeyToAccount(accounts.deployer.privateKey) });

  const deploy = async (abi: typeof compiled.TestUSDC.abi, bytecode: Hex, args: unknown[]) => {
    const hash = await wallet.deployContract({ abi, bytecode, args });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success" || !receipt.contractAddress) throw new Error(`token deployment failed: ${hash}`);
    return getAddress(receipt.contractAddress);
  };
  const usdc = await deploy(compiled.TestUSDC.abi, compiled.TestUSDC.bytecode, []);
  const usdt = await deploy(compiled.DevToken.abi, compiled.DevToken.bytecode, ["Tether USD", "USDT", 6]);

  // Sent back to back with explicit nonces, then awaited together: one round of waiting, not six.
  let nonce = await publicClient.getTransactionCount({ address: accounts.deployer.address });
  const hashes: Hex[] = [];
  for (const token of [usdc, usdt]) {
    for (const buyer of accounts.buyers) {
      hashes.push(
        await wallet.writeContract({
          address: token,
          abi: compiled.DevToken.abi,
          functionName: "mint",
          args: [buyer.address, BUYER_TOKEN_BALANCE],
          nonce: nonce++,
        }),
      );
    }
  }
  const receipts = await Promise.all(hashes.map((hash) => publicClient.waitForTransactionReceipt({ hash })));
  const failed = receipts.find((r) => r.status !== "success");
  if (failed) throw new Error(`mint failed: ${failed.transactionHash}`);

  return [
    { symbol: "USDC", name: "USD Coin", address: usdc, decimals: 6, eip3009: true },
    { symbol: "USDT", name: "Tether USD", address: usdt, decimals: 6, eip3009: false },
  ];
}
