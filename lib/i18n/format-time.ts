import { intlLocale } from "./intl-locale";
import type { Locale } from "./locales";

/** A moment as the locale writes it; the time zone is the runtime's unless named (the browser's is the buyer's). */
export function formatDateTime(
  when: Date | number,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" },
): string {
  return new Intl.DateTimeFormat(intlLocale(locale), options).format(when);
}

/** How long ago, for "updated … ago" notes: 12 -> en "12 sec. ago", de "vor 12 Sek.", ja "12 秒前". */
export function formatAge(seconds: number, locale: Locale): string {
  const format = new Intl.RelativeTimeFormat(intlLocale(locale), { style: "short", numeric: "always" });
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return format.format(-s, "second");
  if (s < 3600) return format.format(-Math.floor(s / 60), "minute");
  if (s < 86400) return format.format(-Math.floor(s / 3600), "hour");
  return format.format(-Math.floor(s / 86400), "day");
}

/** Time left on a clock: "04:59", "1:02:03"; beyond a day in units: en "2d 3h 4m", de "2 T. 3 Std. 4 Min.". */
export function formatDuration(totalSeconds: number, locale: Locale): string {
  const tag = intlLocale(locale);
  const s = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  if (days > 0) {
    const unit = (value: number, name: string) =>
      new Intl.NumberFormat(tag, { style: "unit", unit: name, unitDisplay: "narrow" }).format(value);
    return [unit(days, "day"), unit(hours, "hour"), unit(minutes, "minute")].join(" ");
  }
  const two = new Intl.NumberFormat(tag, { minimumIntegerDigits: 2, useGrouping: false });
  const mmss = `${two.format(minutes)}:${two.format(seconds)}`;
  return hours > 0 ? `${new Intl.NumberFormat(tag).format(hours)}:${mmss}` : mmss;
}
