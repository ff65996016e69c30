import { describe, expect, it } from "vitest";
import { sessionTokenFrom } from "@/lib/auth/session-cookie";
import { csvField } from "@/lib/dashboard/payments-csv";
import { formatMoney, formatUnits } from "@/lib/dashboard/format";

describe("dashboard formatting", () => {
  it("CSV fields are quoted only when needed, quotes doubled, formulas neutralised", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\r\nlines")).toBe('"two\r\nlines"');
    expect(csvField("=1+1")).toBe("'=1+1");
    expect(csvField("@SUM(A1),x")).toBe(`"'@SUM(A1),x"`);
    expect(csvField(null)).toBe("");
    expect(csvField(-5)).toBe("-5"); // numbers are data, not formulas
  });

  it("base units become decimals without floating point", () => {
    expect(formatUnits(12_500_000n, 6)).toBe("12.5");
    expect(formatUnits(1n, 18)).toBe("0.000000000000000001");
    expect(formatUnits(123456789012345678901234567890n, 6)).toBe("123456789012345678901234.56789");
    expect(formatUnits(500n, 0)).toBe("500");
    expect(formatMoney(1250n, "USD")).toBe("$12.50");
    expect(formatMoney(500n, "JPY")).toBe("¥500");
    expect(formatMoney(1234567n, "KWD").replace(/\s/, " ")).toBe("KWD 1,234.567"); // Intl puts a no-break space here
  });

  it("reads the session token from a Cookie header among others", () => {
    expect(sessionTokenFrom("a=1; dash_session=abc; b=2")).toBe("abc");
    expect(sessionTokenFrom(null)).toBeUndefined();
    expect(sessionTokenFrom("dash_session=")).toBeUndefined();
  });
});
