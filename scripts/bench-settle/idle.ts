import type postgres from "postgres";
import { cpuBetween, sampleCpu } from "./cpu-usage";
import { startStatementCount, type StatementUse } from "./statements";

export type IdleUse = {
  seconds: number;
  /** CPU ms per second of each app instance. */
  appMsPerSecond: Record<string, number>;
  postgresMsPerSecond: number;
  statements: StatementUse;
};

/**
 * What the instances cost with nothing to do: their jobs' passes (watcher, ledger scans and finality
 * watch, webhook and notification polls) over `seconds`, before any payment exists. Every burst pays
 * it too, and an operator's idle service pays nothing else.
 */
export async function measureIdle(
  sql: postgres.Sql,
  { database, groups, seconds }: { database: string; groups: Record<string, number>; seconds: number },
): Promise<IdleUse> {
  const before = await sampleCpu(groups, sql, database);
  const counting = await startStatementCount(sql, database);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const cpu = cpuBetween(before, await sampleCpu(groups, sql, database));
  const statements = await counting.stop();
  const appMsPerSecond = Object.fromEntries(
    Object.entries(cpu.parts)
      .filter(([name]) => name.startsWith("app"))
      .map(([name, ms]) => [name, ms / cpu.seconds]),
  );
  return { seconds: cpu.seconds, appMsPerSecond, postgresMsPerSecond: cpu.postgres / cpu.seconds, statements };
}

export function printIdle(idle: IdleUse): void {
  const apps = Object.entries(idle.appMsPerSecond)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
    .join(", ");
  const statements =
    "unavailable" in idle.statements
      ? idle.statements.unavailable
      : `${(idle.statements.calls / idle.seconds).toFixed(1)} statements per second`;
  console.log(
    `\nidle, before any payment (${idle.seconds.toFixed(1)} s): CPU ms per second: ${apps}, PostgreSQL ${idle.postgresMsPerSecond.toFixed(0)}; ${statements}`,
  );
  if (!("unavailable" in idle.statements))
    for (const s of idle.statements.top.slice(0, 8))
      console.log(`  ${(s.calls / idle.seconds).toFixed(1).padStart(5)}/s  ${s.query.slice(0, 100)}`);
}
