import { recoverTypedDataAddress, type Hex } from "viem";
import { toViemTypedData, transferWithAuthorizationTypedData } from "@/lib/chains/evm/eip3009-typed-data";
import type { NetworkConfig } from "@/lib/chains/network-config";

export const USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

const usdcOn = (chainId: number) => ({
  caip19: `eip155:${chainId}/erc20:${USDC}`,
  symbol: "USDC",
  name: "USD Coin",
  decimals: 6,
  eip3009: true,
  peggedTo: "USD",
});

/** The EIP-3009 typed data the gateway sends for a USDC option, built by the service's own code. */
export function typedData(from: Hex, chainId = 8453) {
  const token = usdcOn(chainId);
  const network: NetworkConfig = {
    chainId: `eip155:${chainId}`,
    name: "Base",
    rpcUrl: "https://rpc.invalid",
    confirmations: 1,
    tokens: [token],
  };
  return transferWithAuthorizationTypedData(
    {
      network,
      token,
      method: "eip3009",
      payer: from,
      recipient: "0x000000000000000000000000000000000000dEaD",
      amount: 12_500_000n,
      reference: `0x${"ab".repeat(32)}`,
      validBefore: 1_900_000_000,
    },
    { name: "USD Coin", version: "2", chainId, verifyingContract: USDC },
  );
}

/** Who signed `signature` over typedData(from). */
export function recoverSigner(from: Hex, signature: string | undefined) {
  return recoverTypedDataAddress({ ...toViemTypedData(typedData(from)), signature: signature as Hex });
}
