import type { SearchParams } from "./payments-query";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
export const MAX_RANGE_DAYS = 366;

// Year 0001 on: PostgreSQL has no year 0000 (the overview's query would fail on it).
function isDate(v: unknown): v is string {
  return (
    typeof v === "string" &&
    DATE.test(v) &&
    !v.startsWith("0000") &&
    !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
    new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)
  );
}

/**
 * The overview's range in whole UTC days from `from`/`to` (YYYY-MM-DD), default the last 30 days.
 * A range that is malformed, reversed or longer than a year falls back to the default, with a note.
 */
export function overviewRange(params: SearchParams, today = new Date()): { from: string; to: string; error?: string } {
  const end = today.toISOString().slice(0, 10);
  const fallback = { from: new Date(Date.parse(`${end}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10), to: end };
  const { from, to } = params;
  if (from === undefined && to === undefined) return fallback;
  if (!isDate(from) || !isDate(to)) return { ...fallback, error: "Choose both dates of the range" };
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days < 1) return { ...fallback, error: "The range ends before it starts" };
  if (days > MAX_RANGE_DAYS) return { ...fallback, error: `The range can be at most ${MAX_RANGE_DAYS} days` };
  return { from, to };
}

export function daysBefore(end: string, days: number): string {
  return new Date(Date.parse(`${end}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
}
