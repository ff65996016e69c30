import { existsSync, readdirSync, readFileSync } from "node:fs";

// Linux /proc figures that make runs comparable on a shared machine. Undefined elsewhere.
const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux architecture Node supports

function cpuTimes(): { idle: number; total: number } {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { idle: fields[3]! + (fields[4] ?? 0), total: fields.reduce((a, b) => a + b, 0) };
}

/**
 * Share of the machine's CPU time spent idle over `ms`, taken while our servers sit idle: below
 * ~90% means other processes compete for the cores and the next figures are noisy.
 */
export async function machineIdle(ms = 500): Promise<number | undefined> {
  if (!existsSync("/proc/stat")) return undefined;
  const before = cpuTimes();
  await new Promise((r) => setTimeout(r, ms));
  const after = cpuTimes();
  return (after.idle - before.idle) / Math.max(1, after.total - before.total);
}

/**
 * CPU time (user + system, all threads) a process has used so far, in ms. Divided by the requests
 * served, it is the server's cost per request, which competing processes distort far less than
 * throughput.
 */
export function processCpuMs(pid: number): number | undefined {
  try {
    // Fields after the command name (which may contain spaces): utime and stime are 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** CPU time (user + system) used so far by every live process of process group `pgid`, in ms (Linux only). */
export function groupCpuMs(pgid: number): number | undefined {
  if (!existsSync("/proc/stat")) return undefined;
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^[0-9]+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ");
      if (Number(fields[2]) === pgid) total += ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** CPU time the whole machine has spent busy (not idle or waiting on I/O) so far, all cores, in ms. */
export function machineBusyMs(): number | undefined {
  if (!existsSync("/proc/stat")) return undefined;
  const { idle, total } = cpuTimes();
  return ((total - idle) * 1000) / TICKS_PER_SECOND;
}
