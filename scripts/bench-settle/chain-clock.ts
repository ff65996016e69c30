import { keccak256, type Hex } from "viem";
import { encodeBase58 } from "@/lib/chains/solana/base58";
import type { RpcCall, RpcTap } from "@payment-service/devnet/rpc-proxy";
import type { Chain } from "./prepare";

/** When the app first sent a transaction (its send reached the RPC proxy) and when the chain first showed it confirmed. */
export type TxTimes = { chain: Chain; sentAt: number; confirmedAt?: number };

/** How often the clock asks the chains about transactions sent and not yet seen confirmed. */
const POLL_MS = 10;

/** The id of a sent transaction: keccak of the raw EVM bytes, or the first signature of the Solana wire bytes. */
function txIdOf(chain: Chain, call: RpcCall): string | undefined {
  const raw = call.params[0];
  if (typeof raw !== "string") return undefined;
  if (chain === "evm") return keccak256(raw as Hex);
  const wire = Buffer.from(raw, "base64"); // web3.js sends base64
  // A shortvec signature count (one byte below 128), then 64-byte signatures; the first is the id.
  return wire.length > 65 && wire[0]! < 0x80 ? encodeBase58(wire.subarray(1, 65)) : undefined;
}

async function rpc(url: string, body: unknown): Promise<unknown> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return res.json();
}

/**
 * The chains' own confirmation time of every transaction the app sends while `recording`: the
 * send is timed at the RPC proxy (taps), confirmation by polling the chain itself (not through the
 * proxies, so these reads are not counted as the app's) every 10 ms while anything is outstanding:
 * EVM receipts (batched), Solana getSignatureStatuses at `confirmed` (up to 256 a call). A
 * confirmation is timed when the poll that first shows it answers: up to one poll late.
 */
export function startChainClock(rpcUrls: Record<Chain, string>) {
  const txs = new Map<string, TxTimes>();
  const outstanding: Record<Chain, Set<string>> = { evm: new Set(), solana: new Set() };
  let recording = false;
  let stopped = false;
  let pollErrors = 0;
  let polls = 0;

  const tapFor =
    (chain: Chain): RpcTap =>
    (call) => {
      if (!recording || call.method !== (chain === "evm" ? "eth_sendRawTransaction" : "sendTransaction")) return;
      const id = txIdOf(chain, call);
      // The first send counts: a resend of the same bytes is not when the transaction went out.
      if (!id || txs.has(id)) return;
      txs.set(id, { chain, sentAt: performance.now() });
      outstanding[chain].add(id);
    };

  const pollEvm = async (ids: string[]) => {
    const answers = (await rpc(
      rpcUrls.evm,
      ids.map((hash, id) => ({ jsonrpc: "2.0", id, method: "eth_getTransactionReceipt", params: [hash] })),
    )) as { id: number; result?: { status: string } | null }[];
    const at = performance.now();
    for (const a of answers) if (a.result) confirm(ids[a.id]!, at);
  };
  const pollSolana = async (ids: string[]) => {
    const answer = (await rpc(rpcUrls.solana, {
      jsonrpc: "2.0",
      id: 1,
      method: "getSignatureStatuses",
      params: [ids],
    })) as { result: { value: ({ confirmationStatus?: string } | null)[] } };
    const at = performance.now();
    answer.result.value.forEach((s, i) => {
      if (s?.confirmationStatus === "confirmed" || s?.confirmationStatus === "finalized") confirm(ids[i]!, at);
    });
  };
  const confirm = (id: string, at: number) => {
    const tx = txs.get(id)!;
    tx.confirmedAt ??= at;
    outstanding[tx.chain].delete(id);
  };

  // One loop per chain: a chain slow to answer under the burst does not make the other's clock late.
  const poller = (chain: Chain, max: number, poll: (ids: string[]) => Promise<void>) =>
    (async () => {
      while (!stopped) {
        const ids = [...outstanding[chain]].slice(0, max);
        if (ids.length) {
          polls++;
          // A failed poll is only a late one: the next poll asks again.
          await poll(ids).catch(() => pollErrors++);
        }
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    })();
  const loops = [poller("evm", 200, pollEvm), poller("solana", 256, pollSolana)];

  return {
    taps: { evm: tapFor("evm"), solana: tapFor("solana") },
    txs,
    record: (on: boolean) => void (recording = on),
    outstanding: () => outstanding.evm.size + outstanding.solana.size,
    /** Polls made, and how many failed (a failed poll only makes the next one later). */
    polls: () => ({ made: polls, failed: pollErrors }),
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

export type ChainClock = ReturnType<typeof startChainClock>;
