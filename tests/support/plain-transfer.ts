import { createPublicClient, createWalletClient, defineChain, erc20Abi, http, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { DevnetInfo } from "@payment-service/devnet";

// Free of any test runner: the integration suite and the browser tests both send through this.

/**
 * A plain ERC-20 `transfer` from a devnet buyer, as an exchange or another wallet sends one: no
 * payment's reference anywhere, so the ledger can bind it to nothing. Mined before it returns. Test
 * files share the buyers, so a send that lost a nonce race with another file is sent again.
 */
export async function sendPlainTokenTransfer(
  devnet: Pick<DevnetInfo, "evm">,
  opts: { buyerIndex: number; symbol: string; to: string; amount: bigint },
): Promise<Hex> {
  const { evm } = devnet;
  const chain = defineChain({
    id: evm.chainIdNumber,
    name: "devnet",
    nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [evm.rpcUrl] } },
  });
  const token = evm.tokens.find((t) => t.symbol === opts.symbol)!.address as Address;
  const account = privateKeyToAccount(evm.buyers[opts.buyerIndex]!.privateKey as Hex);
  const wallet = createWalletClient({ account, chain, transport: http(evm.rpcUrl) });
  const client = createPublicClient({ chain, transport: http(evm.rpcUrl) });
  for (let attempt = 1; ; attempt++) {
    try {
      const hash = await wallet.writeContract({
        address: token,
        abi: erc20Abi,
        functionName: "transfer",
        args: [opts.to as Address, opts.amount],
      });
      const receipt = await client.waitForTransactionReceipt({ hash });
      if (receipt.status !== "success") throw new Error(`transfer ${hash} reverted`);
      return hash;
    } catch (err) {
      if (attempt >= 4 || !/nonce/i.test(String(err))) throw err;
    }
  }
}
