import { createPublicClient, createWalletClient, getAddress, http, parseUnits, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { compileTokens } from "./compile-contracts";
import { devnetEvmChain } from "./deploy-tokens";
import type { EvmKey } from "./evm-accounts";

export interface PriceFeedInfo {
  /** "EUR/USD": one BASE is worth `answer / 10^decimals` QUOTE. */
  pair: string;
  address: Address;
  decimals: number;
}

/** Chainlink's USD pairs have 8 decimals; so do these. Answers close to real ones, so amounts look familiar. */
export const FEED_DECIMALS = 8;
export const DEVNET_PRICES: ReadonlyArray<readonly [pair: string, price: string]> = [
  ["EUR/USD", "1.0842"],
  ["GBP/USD", "1.2650"],
  ["JPY/USD", "0.006700"],
  ["ETH/USD", "3000"],
  ["SOL/USD", "150"],
  ["USDC/USD", "1.0000"],
];

/**
 * Deploys one TestAggregator per pair from the oracle key's first nonces (stable addresses on every
 * fresh anvil), sent back to back and awaited together.
 */
export async function deployPriceFeeds(rpcUrl: string, chainId: number, oracle: EvmKey): Promise<PriceFeedInfo[]> {
  const compiled = await compileTokens();
  const chain = devnetEvmChain(chainId, rpcUrl);
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 20 });
  const wallet = createWalletClient({ chain, transport, account: privateKeyToAccount(oracle.privateKey) });
  let nonce = await publicClient.getTransactionCount({ address: oracle.address });
  const hashes: Hex[] = [];
  for (const [pair, price] of DEVNET_PRICES) {
    const answer = parseUnits(price, FEED_DECIMALS);
    hashes.push(
      await wallet.deployContract({
        abi: compiled.TestAggregator.abi,
        bytecode: compiled.TestAggregator.bytecode,
        args: [FEED_DECIMALS, pair, answer],
        nonce: nonce++,
      }),
    );
  }
  const receipts = await Promise.all(hashes.map((hash) => publicClient.waitForTransactionReceipt({ hash })));
  return receipts.map((receipt, i) => {
    if (receipt.status !== "success" || !receipt.contractAddress)
      throw new Error(`price feed deployment failed: ${receipt.transactionHash}`);
    return { pair: DEVNET_PRICES[i]![0], address: getAddress(receipt.contractAddress), decimals: FEED_DECIMALS };
  });
}
