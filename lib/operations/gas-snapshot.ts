import { log } from "@/lib/log";
import type { GasEntry } from "./gas-schemas";
import { gasCrossingOf, type GasMemory } from "./gas-status";
import { gasEntryOf, listGasTargets } from "./list-gas-targets";
import { readGasBalances } from "./read-gas-balances";
import { processWide } from "@/lib/process-wide";

type SnapshotState = { entries?: GasEntry[]; refreshing?: Promise<GasEntry[]>; memory: Map<string, GasMemory> };

// On globalThis, not in a module variable: Next.js bundles instrumentation.ts (which starts the job)
// apart from the route handlers, each with its own copy of this module, so a module variable would
// be one snapshot for the job and another for /healthz that the job never refreshes.
const state = processWide<SnapshotState>("gas-snapshot", () => ({ memory: new Map() }));

/**
 * Read the gas balances now and keep them as this process's snapshot, logging each key that goes
 * under its line (warn) or back above it (info). Concurrent callers share one refresh.
 */
export function refreshGasSnapshot(): Promise<GasEntry[]> {
  state.refreshing ??= readGasBalances()
    .then((entries) => {
      logCrossings(entries);
      state.entries = entries;
      return entries;
    })
    .finally(() => {
      state.refreshing = undefined;
    });
  return state.refreshing;
}

/**
 * The snapshot, without reading a chain when there is one. Before the first refresh has finished it
 * waits for it at most `waitMs`, then answers every key "unknown": /healthz is never held up by a chain.
 */
export async function gasSnapshot(waitMs: number): Promise<GasEntry[]> {
  if (state.entries) return state.entries;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), waitMs);
  });
  try {
    const first = await Promise.race([refreshGasSnapshot(), waited]);
    return first ?? listGasTargets().map((target) => gasEntryOf(target, null, null));
  } finally {
    clearTimeout(timer);
  }
}

function logCrossings(entries: GasEntry[]): void {
  for (const entry of entries) {
    const key = `${entry.network} ${entry.address}`;
    const { memory, crossing } = gasCrossingOf(state.memory.get(key), entry.status);
    state.memory.set(key, memory);
    const fields = {
      job: "gas",
      network: entry.network,
      address: entry.address,
      balance: entry.balance,
      symbol: entry.symbol,
      warnBelow: entry.warnBelow,
    };
    if (crossing === "went_low") log.warn(fields, "gas balance low");
    else if (crossing === "recovered") log.info(fields, "gas balance recovered");
    else if (crossing === "unreadable") log.warn(fields, "gas balance unreadable");
  }
}
