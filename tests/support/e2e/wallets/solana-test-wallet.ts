import type { Page } from "@playwright/test";
import { Keypair, Transaction, VersionedTransaction } from "@solana/web3.js";
import { decodeBase58 } from "@/lib/chains/solana/base58";

export type SolanaTestWallet = {
  publicKey: string;
  rejectNext(): void;
  /** Wallet Standard features the page called, in order. */
  calls: string[];
};

/**
 * A Wallet Standard Solana wallet, registered the way browser wallets register, that signs with a
 * real key held by the test process. It implements `solana:signTransaction` only: the checkout must
 * never ask a wallet to send (spec 4.5 rule 5).
 */
export async function installSolanaWallet(
  page: Page,
  opts: { secretKey: string; name?: string },
): Promise<SolanaTestWallet> {
  const keypair = Keypair.fromSecretKey(decodeBase58(opts.secretKey)!);
  let reject = false;
  const calls: string[] = [];
  await page.exposeBinding("__e2eSolana", async (_source, op: string, arg?: string) => {
    calls.push(op);
    if (op === "connect")
      return { address: keypair.publicKey.toBase58(), publicKey: Array.from(keypair.publicKey.toBytes()) };
    if (op !== "signTransaction" || !arg) return { error: `unsupported ${op}` };
    if (reject) {
      reject = false;
      return { error: "User rejected the request." };
    }
    const bytes = Buffer.from(arg, "base64");
    // Legacy and v0 messages differ in their first message byte; try the legacy form first.
    try {
      const tx = Transaction.from(bytes);
      tx.partialSign(keypair);
      return { result: tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString("base64") };
    } catch {
      const tx = VersionedTransaction.deserialize(bytes);
      tx.sign([keypair]);
      return { result: Buffer.from(tx.serialize()).toString("base64") };
    }
  });
  // Scripts run under tsx (esbuild keepNames) wrap named functions in __name(): give the page one.
  await page.addInitScript({ content: "globalThis.__name ??= (fn) => fn;" });
  await page.addInitScript(pageWallet, { name: opts.name ?? "Test Solana Wallet", icon: ICON });
  return { publicKey: keypair.publicKey.toBase58(), rejectNext: () => void (reject = true), calls };
}

/** Runs in the page before any of its scripts: a Wallet Standard wallet object and its registration. */
function pageWallet(info: { name: string; icon: string }) {
  type Out = { result?: string; error?: string; address?: string; publicKey?: number[] };
  const bridge = (window as unknown as { __e2eSolana: (op: string, arg?: string) => Promise<Out> }).__e2eSolana;
  const chains = ["solana:mainnet", "solana:devnet", "solana:testnet", "solana:localnet"] as const;
  const toB64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""));
  const fromB64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  type Account = { address: string; publicKey: Uint8Array; chains: readonly string[]; features: readonly string[] };
  let accounts: Account[] = [];
  const changeListeners: ((p: { accounts: Account[] }) => void)[] = [];
  const changed = () => changeListeners.forEach((fn) => fn({ accounts }));

  const wallet = {
    version: "1.0.0",
    name: info.name,
    icon: info.icon,
    chains,
    get accounts() {
      return accounts;
    },
    features: {
      "standard:connect": {
        version: "1.0.0",
        connect: async () => {
          const out = await bridge("connect");
          accounts = [
            {
              address: out.address!,
              publicKey: new Uint8Array(out.publicKey!),
              chains,
              features: ["solana:signTransaction"],
            },
          ];
          changed();
          return { accounts };
        },
      },
      "standard:disconnect": {
        version: "1.0.0",
        disconnect: async () => {
          accounts = [];
          changed();
        },
      },
      "standard:events": {
        version: "1.0.0",
        on: (event: string, listener: (p: { accounts: Account[] }) => void) => {
          if (event !== "change") return () => {};
          changeListeners.push(listener);
          return () => changeListeners.splice(changeListeners.indexOf(listener), 1);
        },
      },
      "solana:signTransaction": {
        version: "1.0.0",
        supportedTransactionVersions: ["legacy", 0],
        signTransaction: async (...inputs: { transaction: Uint8Array }[]) =>
          Promise.all(
            inputs.map(async (input) => {
              const out = await bridge("signTransaction", toB64(input.transaction));
              if (out.error) throw Object.assign(new Error(out.error), { code: 4001 });
              return { signedTransaction: fromB64(out.result!) };
            }),
          ),
      },
    },
  };
  const register = (api: { register: (w: unknown) => unknown }) => api.register(wallet);
  window.addEventListener("wallet-standard:app-ready", (event) => register((event as CustomEvent).detail));
  window.dispatchEvent(new CustomEvent("wallet-standard:register-wallet", { detail: register }));
}

const ICON = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#512da8"/><circle cx="16" cy="16" r="7" fill="#fff"/></svg>').toString("base64")}`;
