import { describe, expect, it } from "vitest";
import { formatDecimal, formatFiatAmount, formatTokenAmount } from "@/lib/i18n/format-amount";
import { formatAge, formatDateTime, formatDuration } from "@/lib/i18n/format-time";

// Intl separates amounts and units with no-break spaces; compare as a reader sees them.
const seen = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/[\u200e\u200f\u061c]/g, "");

describe("amounts in the buyer's locale", () => {
  it("writes fiat as the locale writes money, with the currency's exponent", () => {
    expect(seen(formatFiatAmount(123456n, "EUR", "de"))).toBe("1.234,56 €");
    expect(formatFiatAmount(123456n, "EUR", "en")).toBe("€1,234.56");
    expect(seen(formatFiatAmount(123456n, "EUR", "fr"))).toBe("1 234,56 €");
    expect(formatFiatAmount(500n, "JPY", "ja")).toBe("￥500");
    expect(seen(formatFiatAmount(1005n, "KWD", "de"))).toBe("1,005 KWD");
  });

  it("keeps Latin digits in Arabic, as wallets show them", () => {
    expect(seen(formatFiatAmount(123456n, "USD", "ar"))).toMatch(/^1,234\.56 US\$$/);
    expect(formatTokenAmount("1234500000", 6, "ar")).toBe("1,234.50");
  });

  it("never rounds a token amount, whatever its decimals", () => {
    expect(formatTokenAmount("1234500000", 6, "de")).toBe("1.234,50");
    expect(formatTokenAmount("1000000000000000001", 18, "de")).toBe("1,000000000000000001");
    expect(formatTokenAmount("1", 9, "fr")).toBe("0,000000001");
    expect(formatTokenAmount("5", 0, "en")).toBe("5");
    expect(formatTokenAmount("12500000", 6, "en")).toBe("12.50");
  });

  it("writes a rate with all its digits and, when asked, without grouping", () => {
    expect(formatDecimal("1.0842", "de")).toBe("1,0842");
    expect(formatDecimal("0.000333333333", "en")).toBe("0.000333333333");
    expect(formatDecimal("1250", "de", { useGrouping: false })).toBe("1250");
  });
});

describe("times in the buyer's locale", () => {
  it("says how long ago through RelativeTimeFormat", () => {
    expect(formatAge(12, "en")).toBe("12 sec. ago");
    expect(formatAge(12, "de")).toBe("vor 12 Sek.");
    expect(seen(formatAge(125, "fr"))).toBe("il y a 2 min");
    expect(formatAge(7200, "ja")).toBe("2 時間前");
    expect(formatAge(-3, "en")).toBe("0 sec. ago");
  });

  it("writes time left on a clock, and in units beyond a day", () => {
    expect(formatDuration(299, "de")).toBe("04:59");
    expect(formatDuration(3723, "en")).toBe("1:02:03");
    expect(formatDuration(2 * 86400 + 3 * 3600 + 4 * 60, "en")).toBe("2d 3h 4m");
  });

  it("writes dates through DateTimeFormat in the locale", () => {
    const when = Date.UTC(2026, 0, 2, 13, 4);
    expect(formatDateTime(when, "de", { timeZone: "UTC", dateStyle: "medium", timeStyle: "short" })).toBe(
      "02.01.2026, 13:04",
    );
    expect(seen(formatDateTime(when, "en", { timeZone: "UTC", timeStyle: "short" }))).toBe("1:04 PM");
  });
});
