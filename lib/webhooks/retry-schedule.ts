const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;

/** The waits (ms) of `WEBHOOK_RETRY_SCHEDULE`, e.g. "5s,5m" -> [5000, 300000]; the env schema checked its form. */
export function parseRetrySchedule(text: string): number[] {
  return text.split(",").map((part) => {
    const match = /^(\d+)(ms|s|m|h)$/.exec(part.trim());
    if (!match) throw new Error(`bad wait "${part}" in WEBHOOK_RETRY_SCHEDULE`);
    return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  });
}
