const ISO_DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-](\d{2}):(\d{2}))$/;

/**
 * ISO 8601 date-time with a mandatory zone (`Z` or `±hh:mm`) naming a real instant: year 0001 or
 * later (PostgreSQL has no year 0000: it would fail the query), month 1-12, a day that exists in
 * that month (leap years respected), hour 0-23, minute and second 0-59. Fractions up to
 * microseconds, PostgreSQL's precision.
 */
export function isIsoDateTimeWithZone(value: string): boolean {
  const m = ISO_DATETIME.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const second = m[6] === undefined ? 0 : Number(m[6]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  if (hour > 23 || minute > 59 || second > 59) return false;
  if (m[7] !== "Z" && (Number(m[8]) > 14 || Number(m[9]) > 59)) return false;
  return true;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
