import { cpus } from "node:os";
import type postgres from "postgres";
import { groupCpuMs, machineBusyMs, processCpuMs } from "../bench/proc-stats";

/** CPU ms used so far: by part, by PostgreSQL backend (pid) of one database, by the machine. */
export type CpuSample = { at: number; parts: Record<string, number>; backends: Map<number, number>; machine: number };
export type CpuUse = {
  seconds: number;
  parts: Record<string, number>;
  postgres: number;
  machine: number;
  cores: number;
};

/**
 * CPU of each process group in `groups` (an app instance, the devnet: anvil and the Solana node),
 * of this process (the bench: proxies, clocks, LISTEN, its HTTP clients), of the PostgreSQL
 * backends serving `database` (the server is shared, so only they are ours), and of the machine.
 */
export async function sampleCpu(
  groups: Record<string, number>,
  sql: postgres.Sql,
  database: string,
): Promise<CpuSample> {
  const parts = Object.fromEntries(Object.entries(groups).map(([name, pgid]) => [name, groupCpuMs(pgid) ?? NaN]));
  const usage = process.cpuUsage();
  parts.bench = (usage.user + usage.system) / 1000;
  const pids = await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${database}`;
  const backends = new Map(
    pids.flatMap(({ pid }) => {
      const ms = processCpuMs(pid);
      return ms === undefined ? [] : [[pid, ms] as [number, number]];
    }),
  );
  return { at: performance.now(), parts, backends, machine: machineBusyMs() ?? NaN };
}

/** What was used between two samples; a backend that appeared in between counts from zero. */
export function cpuBetween(a: CpuSample, b: CpuSample): CpuUse {
  const parts = Object.fromEntries(Object.entries(b.parts).map(([name, ms]) => [name, ms - (a.parts[name] ?? 0)]));
  let postgresMs = 0;
  for (const [pid, ms] of b.backends) postgresMs += ms - (a.backends.get(pid) ?? 0);
  return {
    seconds: (b.at - a.at) / 1000,
    parts,
    postgres: postgresMs,
    machine: b.machine - a.machine,
    cores: cpus().length,
  };
}
