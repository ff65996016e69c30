import { isUserRejection } from "./is-user-rejection";
import type { EvmSigner } from "./signers";
import { WalletFlowError } from "./wallet-error";

/** The one method of EIP-1193 this client uses (window.ethereum, WalletConnect, wagmi's connector provider). */
export type Eip1193Provider = { request(args: { method: string; params?: unknown[] | object }): Promise<unknown> };

/**
 * An EVM signer over an EIP-1193 provider. The gateway's params are already in wallet RPC form,
 * so they pass through untouched. The wallet is first put on the action's chain: a transaction
 * sent on another chain would pay nobody, and wallets refuse typed data whose domain names
 * another chain than their current one.
 */
export function evmSignerFromEip1193(provider: Eip1193Provider): EvmSigner {
  return {
    async request({ method, params, chainId }) {
      await switchToChain(provider, chainId);
      const result = await provider.request({ method, params });
      if (typeof result !== "string")
        throw new WalletFlowError(
          "invalid_result",
          `The wallet answered ${method} with a ${typeof result}, not a string.`,
        );
      return result;
    },
  };
}

async function switchToChain(provider: Eip1193Provider, chainId: string): Promise<void> {
  const reference = chainId.slice(chainId.indexOf(":") + 1);
  if (!/^[0-9]{1,20}$/.test(reference))
    throw new WalletFlowError("invalid_action", `${chainId} is not an EVM chain id.`);
  const wanted = BigInt(reference);
  const current = await provider.request({ method: "eth_chainId" });
  if (typeof current === "string" && /^0x[0-9a-fA-F]+$/.test(current) && BigInt(current) === wanted) return;
  try {
    await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: `0x${wanted.toString(16)}` }] });
  } catch (cause) {
    // The buyer declining the switch is a rejection like any other.
    if (isUserRejection(cause)) throw cause;
    throw new WalletFlowError("wrong_network", `Switch your wallet to ${chainId} and try again.`, { cause });
  }
}
