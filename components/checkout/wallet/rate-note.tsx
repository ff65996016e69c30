"use client";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { formatDecimal } from "@/lib/i18n/format-amount";
import { formatAge } from "@/lib/i18n/format-time";
import type { PaymentOption } from "@/lib/wallet";

/**
 * "1 EUR = 1.0842 USDC, updated 12 sec. ago": the rate an option was quoted at and how old its price
 * feeds' answer is, so a buyer paying in a coin other than the price's currency sees what it is charged at.
 */
export function RateNote({ rate, symbol }: { rate: NonNullable<PaymentOption["rate"]>; symbol: string }) {
  const t = useTranslations("checkout.wallet");
  const locale = useLocale();
  const now = useSecondClock();
  const values = { currency: rate.currency, rate: formatDecimal(rate.tokensPerUnit, locale), symbol };
  const text =
    rate.updatedAt === null
      ? t("rateFixed", values)
      : now === null
        ? t("rate", values)
        : t("rateUpdated", { ...values, ago: formatAge(now - rate.updatedAt, locale) });
  return (
    <span className="muted option-rate" data-testid="option-rate">
      {text}
    </span>
  );
}

/** Unix seconds, ticking each second; null until mounted (the server renders no age). */
function useSecondClock(): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setNow(Math.floor(Date.now() / 1000));
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);
  return now;
}
