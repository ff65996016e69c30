import { createWalletClient, defineChain, encodeFunctionData, erc20Abi, getAddress, http, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/**
 * A phone wallet that scanned an EIP-681 request: sends exactly what the URI says (a token `transfer`
 * or a plain value transfer), from `privateKey`, with no page and no confirm.
 */
export async function payEip681(uri: string, buyer: { privateKey: Hex; rpcUrl: string }): Promise<Hex> {
  const m = /^ethereum:(0x[0-9a-fA-F]{40})@(\d+)(?:\/(\w+))?\?(.*)$/.exec(uri);
  if (!m) throw new Error(`not an EIP-681 URI: ${uri}`);
  const [, target, chainId, fn, query] = m as unknown as [string, Hex, string, string | undefined, string];
  const params = new URLSearchParams(query);
  const chain = defineChain({
    id: Number(chainId),
    name: "devnet",
    nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [buyer.rpcUrl] } },
  });
  const wallet = createWalletClient({
    account: privateKeyToAccount(buyer.privateKey),
    chain,
    transport: http(buyer.rpcUrl),
  });
  if (fn === "transfer") {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: "transfer",
      args: [getAddress(params.get("address")!), BigInt(params.get("uint256")!)],
    });
    return wallet.sendTransaction({ to: target, data });
  }
  return wallet.sendTransaction({ to: target, value: BigInt(params.get("value")!) });
}
