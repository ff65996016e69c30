import { useLocale, useTranslations } from "next-intl";
import { formatDateTime, formatDuration } from "@/lib/i18n/format-time";
import { useMounted } from "./use-mounted";

/**
 * Time left until `expiresAt` (unix seconds) at `now` (ms); the caller's clock ticks it. The end as a
 * time of day is shown once mounted: only the browser knows the buyer's time zone.
 */
export function Countdown({ expiresAt, now }: { expiresAt: number; now: number }) {
  const t = useTranslations("checkout");
  const locale = useLocale();
  const mounted = useMounted();
  const left = Math.max(0, Math.floor(expiresAt - now / 1000));
  const end = new Date(expiresAt * 1000);
  return (
    <>
      <span className="muted" data-testid="time-left" aria-live="off">
        {left === 0 ? t("status.expired") : t("timeLeft", { time: formatDuration(left, locale) })}
      </span>
      {mounted && left > 0 ? (
        <time className="muted" dateTime={end.toISOString()} data-testid="expires-at">
          {t("expiresAt", { time: formatDateTime(end, locale, endFormat(end, now)) })}
        </time>
      ) : null}
    </>
  );
}

/** The time alone when the payment ends today, else with its date. */
function endFormat(end: Date, now: number): Intl.DateTimeFormatOptions {
  return end.toDateString() === new Date(now).toDateString()
    ? { timeStyle: "short" }
    : { dateStyle: "medium", timeStyle: "short" };
}
