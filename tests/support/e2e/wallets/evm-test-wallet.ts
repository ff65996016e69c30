import type { Page } from "@playwright/test";
import { createWalletClient, defineChain, hexToBigInt, http, numberToHex, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

export type EvmTestWallet = {
  address: Address;
  /** The chain the wallet is on now (the page must switch it to pay). */
  chainId(): number;
  /** The next signature or transaction request is rejected as a user would (EIP-1193 code 4001). */
  rejectNext(): void;
  /** Methods the page called, in order. */
  calls: string[];
};

type Options = {
  privateKey: Hex;
  rpcUrl: string;
  chainId: number;
  startChainId?: number;
  allowSwitch?: boolean;
  name?: string;
};

/**
 * An EIP-1193 provider announced by EIP-6963, as a browser extension wallet would inject it. The
 * page side only forwards requests; keys stay in the test process, which signs with viem and sends
 * to the local anvil node, so every signature and transaction is real.
 */
export async function installEvmWallet(page: Page, opts: Options): Promise<EvmTestWallet> {
  const account = privateKeyToAccount(opts.privateKey);
  const chain = defineChain({
    id: opts.chainId,
    name: "devnet",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [opts.rpcUrl] } },
  });
  const client = createWalletClient({ account, chain, transport: http(opts.rpcUrl) });
  const knownChains = new Set([1, opts.chainId]);
  let chainId = opts.startChainId ?? opts.chainId;
  let reject = false;
  // Like a real wallet, it shows no account to a site until the site asked and was granted.
  let authorized = false;
  const calls: string[] = [];

  const userGate = () => {
    if (reject) {
      reject = false;
      throw Object.assign(new Error("User rejected the request."), { code: 4001 });
    }
  };
  const handle = async (method: string, params: unknown[]): Promise<unknown> => {
    switch (method) {
      case "eth_requestAccounts":
        authorized = true;
        return [account.address];
      case "eth_accounts":
        return authorized ? [account.address] : [];
      case "wallet_requestPermissions":
        authorized = true;
        return [
          {
            parentCapability: "eth_accounts",
            caveats: [{ type: "restrictReturnedAccounts", value: [account.address] }],
          },
        ];
      case "wallet_revokePermissions":
        authorized = false;
        return null;
      case "eth_chainId":
        return numberToHex(chainId);
      case "net_version":
        return String(chainId);
      case "wallet_switchEthereumChain": {
        const target = Number((params[0] as { chainId: string }).chainId);
        if (opts.allowSwitch === false) throw Object.assign(new Error("User rejected the request."), { code: 4001 });
        if (!knownChains.has(target)) throw Object.assign(new Error("Unrecognized chain ID."), { code: 4902 });
        chainId = target;
        return null;
      }
      case "wallet_addEthereumChain":
        knownChains.add(Number((params[0] as { chainId: string }).chainId));
        return null;
      case "eth_signTypedData_v4": {
        userGate();
        if (String(params[0]).toLowerCase() !== account.address.toLowerCase())
          throw Object.assign(new Error("unknown account"), { code: 4100 });
        const typed = typeof params[1] === "string" ? JSON.parse(params[1]) : params[1];
        return account.signTypedData(typed);
      }
      case "eth_sendTransaction": {
        userGate();
        if (chainId !== opts.chainId) throw Object.assign(new Error(`wallet is on chain ${chainId}`), { code: -32000 });
        const tx = params[0] as { to: Address; data?: Hex; value?: Hex };
        return client.sendTransaction({ to: tx.to, data: tx.data, value: tx.value ? hexToBigInt(tx.value) : 0n });
      }
      default: {
        const res = await fetch(opts.rpcUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
        });
        const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } };
        if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
        return body.result;
      }
    }
  };

  await page.exposeBinding("__e2eEvmRequest", async (_source, method: string, params: unknown[]) => {
    calls.push(method);
    try {
      return { result: await handle(method, params ?? []) };
    } catch (error) {
      const e = error as { code?: number; message?: string };
      return { error: { code: e.code ?? -32603, message: e.message ?? "wallet error" } };
    }
  });
  // Scripts run under tsx (esbuild keepNames) wrap named functions in __name(): give the page one.
  await page.addInitScript({ content: "globalThis.__name ??= (fn) => fn;" });
  await page.addInitScript(pageProvider, {
    name: opts.name ?? "Test EVM Wallet",
    icon: ICON,
    rdns: "dev.localhost.testwallet",
  });
  return { address: account.address, chainId: () => chainId, rejectNext: () => void (reject = true), calls };
}

/** Runs in the page before any of its scripts. */
function pageProvider(info: { name: string; icon: string; rdns: string }) {
  type Listener = (arg: unknown) => void;
  const listeners: Record<string, Listener[]> = {};
  const emit = (event: string, arg: unknown) => (listeners[event] ?? []).forEach((fn) => fn(arg));
  const bridge = (
    window as unknown as {
      __e2eEvmRequest: (
        m: string,
        p: unknown[],
      ) => Promise<{ result?: unknown; error?: { code: number; message: string } }>;
    }
  ).__e2eEvmRequest;
  const provider = {
    async request({ method, params }: { method: string; params?: unknown[] }) {
      const out = await bridge(method, params ?? []);
      if (out.error) throw Object.assign(new Error(out.error.message), { code: out.error.code });
      if (method === "wallet_switchEthereumChain") emit("chainChanged", (params![0] as { chainId: string }).chainId);
      return out.result;
    },
    on(event: string, fn: Listener) {
      (listeners[event] ??= []).push(fn);
      return provider;
    },
    removeListener(event: string, fn: Listener) {
      listeners[event] = (listeners[event] ?? []).filter((f) => f !== fn);
      return provider;
    },
  };
  const detail = Object.freeze({
    info: { uuid: "8a4f3c5e-8f5b-4a57-9a0e-5b1f1f7a2d11", name: info.name, icon: info.icon, rdns: info.rdns },
    provider,
  });
  const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
}

const ICON = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f6851b"/><path d="M8 22 16 8l8 14z" fill="#fff"/></svg>').toString("base64")}`;

/** The test wallet holding devnet buyer `index`'s key (a worker's own buyer), on the local EVM chain. */
export function installBuyerEvmWallet(
  page: Page,
  {
    devnet,
    index,
    extra = {},
  }: {
    devnet: { evm: { buyers: { privateKey: string }[]; rpcUrl: string; chainIdNumber: number } };
    index: number;
    extra?: Partial<Options>;
  },
): Promise<EvmTestWallet> {
  return installEvmWallet(page, {
    privateKey: devnet.evm.buyers[index]!.privateKey as Hex,
    rpcUrl: devnet.evm.rpcUrl,
    chainId: devnet.evm.chainIdNumber,
    ...extra,
  });
}
