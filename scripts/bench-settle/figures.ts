import { percentile } from "../bench-listing/measure";
import type { ChainClock } from "./chain-clock";
import type { Chain } from "./prepare";
import type { Counts, PaymentTimes, Settled } from "./settle";

/** Block time of the devnet's chains: anvil mines each transaction as it arrives; Solana slots are 400 ms. */
export const BLOCK_MS: Record<Chain, number> = { evm: 0, solana: 400 };
/** RPC calls per payment allowed, confirm-to-final plus preparation (issue 29: four on each chain). */
export const RPC_TARGET: Record<Chain, number> = { evm: 4, solana: 4 };
/** Gas balance reads of a background job (lib/jobs/gas-balance-job.ts), not made for any payment. */
export const GAS_METHODS: Record<Chain, string> = { evm: "eth_getBalance", solana: "getBalance" };
export const LABEL: Record<Chain, string> = { evm: "EIP-3009 (anvil)", solana: "Solana SPL" };

type Spread = { p50: number; p99: number };
const spread = (xs: number[]): Spread => ({ p50: percentile(xs, 50), p99: percentile(xs, 99) });

export type ChainFigures = {
  chain: Chain;
  payments: number;
  notSucceeded: number;
  confirmAnswer: Spread;
  confirmToFinal: Spread;
  chainOwn: Spread;
  /** Where the time went: confirm request to the send reaching the RPC, send to on chain, on chain to final. */
  toSend: Spread;
  onChain: Spread;
  toFinal: Spread;
  p99Diff: number;
  targetMs: number;
};

export function chainFigures(payments: PaymentTimes[], clock: ChainClock, chain: Chain): ChainFigures {
  const all = payments.filter((p) => p.chain === chain);
  const ok = all.filter((p) => p.httpStatus === 200 && p.finalStatus === "succeeded" && p.finalAt !== undefined);
  const timed = ok.flatMap((p) => {
    const tx = p.txHash ? clock.txs.get(p.txHash) : undefined;
    return tx?.confirmedAt === undefined ? [] : [{ p, tx: { sentAt: tx.sentAt, confirmedAt: tx.confirmedAt } }];
  });
  const confirmToFinal = spread(ok.map((p) => p.finalAt! - p.startedAt));
  const chainOwn = spread(timed.map(({ tx }) => tx.confirmedAt - tx.sentAt));
  return {
    chain,
    payments: all.length,
    notSucceeded: all.length - ok.length,
    confirmAnswer: spread(all.map((p) => p.answeredAt - p.startedAt)),
    confirmToFinal,
    chainOwn,
    toSend: spread(timed.map(({ p, tx }) => tx.sentAt - p.startedAt)),
    onChain: chainOwn,
    toFinal: spread(timed.map(({ p, tx }) => p.finalAt! - tx.confirmedAt)),
    p99Diff: confirmToFinal.p99 - chainOwn.p99,
    targetMs: BLOCK_MS[chain] + 1000,
  };
}

/** Payments per second from the first confirm request to the last final status. */
export function throughput(s: Settled): { seconds: number; perSecond: number } {
  const first = Math.min(...s.payments.map((p) => p.startedAt));
  const last = Math.max(...s.payments.map((p) => p.finalAt ?? -Infinity));
  const seconds = (last - first) / 1000;
  return { seconds, perSecond: s.payments.length / seconds };
}

export type RpcRow = { method: string; prep: number; confirm: number; excluded: boolean };
export type RpcFigures = {
  chain: Chain;
  payments: number;
  rows: RpcRow[];
  prepPerPayment: number;
  confirmPerPayment: number;
  totalPerPayment: number;
  target: number;
};

/** Calls per payment on one chain: every method the proxy saw, gas balance reads shown but left out of the sums. */
export function rpcFigures(s: Settled, chain: Chain): RpcFigures {
  const payments = s.payments.filter((p) => p.chain === chain).length;
  const of = (c: Counts) => c[chain];
  const methods = [...new Set([...Object.keys(of(s.prepCounts)), ...Object.keys(of(s.confirmCounts))])].sort();
  const rows = methods.map((method) => ({
    method,
    prep: of(s.prepCounts)[method] ?? 0,
    confirm: of(s.confirmCounts)[method] ?? 0,
    excluded: method === GAS_METHODS[chain],
  }));
  const sum = (key: "prep" | "confirm") => rows.filter((r) => !r.excluded).reduce((n, r) => n + r[key], 0) / payments;
  return {
    chain,
    payments,
    rows,
    prepPerPayment: sum("prep"),
    confirmPerPayment: sum("confirm"),
    totalPerPayment: sum("prep") + sum("confirm"),
    target: RPC_TARGET[chain],
  };
}
