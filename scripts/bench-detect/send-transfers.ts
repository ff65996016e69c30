import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  http,
  type Hash,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { ERC20_ABI } from "@/lib/chains/evm/erc20-abi";
import type { DevnetInfo } from "@payment-service/devnet";
import type { OpenOption } from "./seed-open-payments";

/** A transfer the bench sent, as a buyer's wallet would without ever calling confirm. */
export type SentTransfer = {
  hash: Hash;
  /** The payment whose option's reference it carries; undefined for a plain transfer (unmatched money). */
  paymentId?: string;
  block?: bigint;
};

type Planned = { to: `0x${string}`; data: Hex; value: bigint; paymentId?: string };

/**
 * `total` transfers: one paying each option of `payable` exactly (ERC-20 `transfer` with the
 * option's reference appended, or a value transfer carrying the reference, as the option's wallet
 * action builds them), the rest plain USDC transfers to the merchants' `addresses`, interleaved.
 */
export function planTransfers(
  devnet: DevnetInfo,
  { payable, addresses, total }: { payable: OpenOption[]; addresses: `0x${string}`[]; total: number },
): Planned[] {
  const usdc = devnet.evm.tokens.find((t) => t.symbol === "USDC")!.address as `0x${string}`;
  const transfer = (to: `0x${string}`, amount: bigint) =>
    encodeFunctionData({ abi: ERC20_ABI, functionName: "transfer", args: [to, amount] });
  const bound: Planned[] = payable.map((o) =>
    o.token
      ? {
          to: o.token,
          data: `${transfer(o.recipient, o.amount)}${o.reference.slice(2)}`,
          value: 0n,
          paymentId: o.paymentId,
        }
      : { to: o.recipient, data: o.reference, value: o.amount, paymentId: o.paymentId },
  );
  const plain: Planned[] = Array.from({ length: Math.max(0, total - bound.length) }, (_, i) => ({
    to: usdc,
    data: transfer(addresses[i % addresses.length]!, 1_000_000n + BigInt(i)),
    value: 0n,
  }));
  const out: Planned[] = [];
  for (let i = 0; out.length < bound.length + plain.length; i++) {
    if (i < plain.length) out.push(plain[i]!);
    if (i < bound.length) out.push(bound[i]!);
  }
  return out;
}

/**
 * Send `planned` from the devnet's buyers in turn, `perSecond` of them evenly spaced, straight to
 * anvil (automine off: each waits for the miner's next block), adding each to `sent` as it goes.
 * Nonces are counted here, so no send waits for another; gas and fees are fixed, so none needs an estimate.
 */
export async function sendTransfers(
  devnet: DevnetInfo,
  { planned, perSecond, sent }: { planned: Planned[]; perSecond: number; sent: SentTransfer[] },
): Promise<void> {
  const chain = defineChain({
    id: devnet.evm.chainIdNumber,
    name: "devnet",
    nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [devnet.evm.rpcUrl] } },
  });
  const reader = createPublicClient({ chain, transport: http(devnet.evm.rpcUrl) });
  const wallets = await Promise.all(
    devnet.evm.buyers.map(async (b) => {
      const account = privateKeyToAccount(b.privateKey as Hex);
      const nonce = await reader.getTransactionCount({ address: account.address, blockTag: "pending" });
      return { client: createWalletClient({ account, chain, transport: http(devnet.evm.rpcUrl) }), nonce };
    }),
  );
  const started = performance.now();
  for (const [i, p] of planned.entries()) {
    const wait = started + (i * 1000) / perSecond - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const wallet = wallets[i % wallets.length]!;
    const hash = await wallet.client.sendTransaction({
      to: p.to,
      data: p.data,
      value: p.value,
      nonce: wallet.nonce++,
      gas: 150_000n,
      maxFeePerGas: 100_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
    });
    sent.push({ hash, paymentId: p.paymentId });
  }
}

/** The block each sent transfer was mined in (receipts read straight from anvil once all are mined); throws on a revert. */
export async function minedBlocks(devnet: DevnetInfo, sent: SentTransfer[]): Promise<void> {
  const reader = createPublicClient({ transport: http(devnet.evm.rpcUrl) });
  for (const s of sent) {
    const receipt = await reader.waitForTransactionReceipt({ hash: s.hash, pollingInterval: 100, timeout: 30_000 });
    if (receipt.status !== "success") throw new Error(`transfer ${s.hash} reverted`);
    s.block = receipt.blockNumber;
  }
}
