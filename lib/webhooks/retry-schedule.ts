import { sql, type SQL } from "drizzle-orm";

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** One duration like "250ms", "5s", "12h" or "5d" in ms; the env schema checked its form. */
export function parseDuration(text: string): number {
  const match = /^(\d+)(ms|s|m|h|d)$/.exec(text.trim());
  if (!match) throw new Error(`bad duration "${text}"`);
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

/** The waits (ms) of `WEBHOOK_RETRY_SCHEDULE`, e.g. "5s,5m" -> [5000, 300000]; the env schema checked its form. */
export function parseRetrySchedule(text: string): number[] {
  return text.split(",").map(parseDuration);
}

/** The schedule as a SQL bigint[] of ms: the n-th wait (1-based) is `(waits)[n]`. The numbers came from parseRetrySchedule. */
export function scheduleSql(schedule: number[]): SQL {
  return sql.raw(`array[${schedule.map((ms) => Math.trunc(ms)).join(",") || "0"}]::bigint[]`);
}
