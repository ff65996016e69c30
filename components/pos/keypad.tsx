"use client";

import { useTranslations } from "next-intl";
import { formatFiat } from "@/lib/money/format-fiat";

const KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "00", "0", "⌫"] as const;
/** Ten digits of minor units: more than any counter sells, less than any amount could overflow. */
const MAX_DIGITS = 10;

/** What pressing `key` makes of the amount typed so far, in minor units as digits ("" is nothing). */
export function pressKey(digits: string, key: string): string {
  if (key === "⌫") return digits.slice(0, -1);
  const next = (digits + key).replace(/^0+/, "");
  return next.length > MAX_DIGITS ? digits : next;
}

/**
 * A till's keypad: digits fill the amount from the right, as on a card terminal (1, 2, 3, 4 is 12.34
 * in a currency with cents; 1234 yen in one without).
 */
export function Keypad({
  digits,
  currency,
  locale,
  onChange,
  onCharge,
  busy,
}: {
  digits: string;
  currency: string;
  locale: string;
  onChange: (digits: string) => void;
  onCharge: () => void;
  busy: boolean;
}) {
  const t = useTranslations("pos");
  const amount = BigInt(digits || "0");
  return (
    <section className="pos-keypad" aria-label={t("amount")}>
      <output className="pos-amount" data-testid="pos-amount" aria-live="polite">
        {formatFiat(amount, currency, locale)}
      </output>
      <div className="pos-keys">
        {KEYS.map((key) => (
          <button
            key={key}
            type="button"
            className="pos-key"
            onClick={() => onChange(pressKey(digits, key))}
            aria-label={key === "⌫" ? t("deleteDigit") : key}
          >
            {key}
          </button>
        ))}
      </div>
      <div className="pos-actions">
        <button type="button" className="pos-secondary" onClick={() => onChange("")} disabled={!digits}>
          {t("clear")}
        </button>
        <button type="button" className="pos-primary" onClick={onCharge} disabled={amount === 0n || busy}>
          {busy ? t("charging") : t("charge", { amount: formatFiat(amount, currency, locale) })}
        </button>
      </div>
    </section>
  );
}
