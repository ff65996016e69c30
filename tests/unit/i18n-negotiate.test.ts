import { describe, expect, it } from "vitest";
import { LOCALES, textDirection } from "@/lib/i18n/locales";
import { negotiateLocale } from "@/lib/i18n/negotiate-locale";
import { switchLocaleResponse } from "@/lib/i18n/switch-locale";

const fromHeader = (acceptLanguage: string | null) => negotiateLocale({ acceptLanguage });

describe("negotiateLocale", () => {
  it("takes the first supported language by q, then by order", () => {
    expect(fromHeader("de-DE,de;q=0.9,en;q=0.8")).toBe("de");
    expect(fromHeader("en;q=0.5, ja;q=0.8")).toBe("ja");
    expect(fromHeader("fr;q=0.8, it;q=0.8")).toBe("fr");
    expect(fromHeader("nl, sv;q=0.9, pt-BR;q=0.7, en;q=0.5")).toBe("pt");
  });

  it("matches a supported primary subtag whatever the region or script", () => {
    expect(fromHeader("zh-Hant-TW")).toBe("zh");
    expect(fromHeader("AR-eg")).toBe("ar");
    expect(fromHeader("es-419")).toBe("es");
  });

  it("falls back to English when nothing supported is named", () => {
    expect(fromHeader(null)).toBe("en");
    expect(fromHeader("")).toBe("en");
    expect(fromHeader("*")).toBe("en");
    expect(fromHeader("nl-NL, sv")).toBe("en");
    // Chromium's default.
    expect(fromHeader("en-US,en;q=0.9")).toBe("en");
  });

  it("never picks a language the buyer refused (q=0) or a malformed entry", () => {
    expect(fromHeader("de;q=0, fr;q=0.1")).toBe("fr");
    expect(fromHeader("de;q=abc, ja")).toBe("ja");
    expect(fromHeader("de;q=1.5, ja")).toBe("ja");
    expect(fromHeader("d e, <script>, it")).toBe("it");
    expect(fromHeader(`${"x,".repeat(10_000)}de`)).toBe("en");
  });

  it("puts the buyer's cookie ahead of the header, but only a supported one", () => {
    expect(negotiateLocale({ cookie: "ar", acceptLanguage: "de" })).toBe("ar");
    expect(negotiateLocale({ cookie: "xx", acceptLanguage: "de" })).toBe("de");
    expect(negotiateLocale({ cookie: "DE", acceptLanguage: null })).toBe("en");
  });
});

describe("locales", () => {
  it("has the nine languages, Arabic alone right to left", () => {
    expect([...LOCALES].sort()).toEqual(["ar", "de", "en", "es", "fr", "it", "ja", "pt", "zh"]);
    expect(LOCALES.filter((l) => textDirection(l) === "rtl")).toEqual(["ar"]);
  });
});

describe("switchLocaleResponse", () => {
  const at = (url: string, base = "http://127.0.0.1") => switchLocaleResponse(new URL(url), base);

  it("keeps the choice in a cookie and goes back to the same page without the parameter", () => {
    const res = at("http://10.0.0.5:3000/pay?pid=pay_abc&locale=de", "https://pay.example")!;
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("https://pay.example/pay?pid=pay_abc");
    expect(res.headers.get("set-cookie")).toBe("locale=de; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000; Secure");
    expect(at("http://127.0.0.1/l/plink_1?locale=ar")!.headers.get("location")).toBe("http://127.0.0.1/l/plink_1");
  });

  it("sets nothing for an unknown locale, and is no switch without the parameter", () => {
    const res = at("http://127.0.0.1/pay?pid=pay_abc&locale=xx")!;
    expect(res.headers.get("location")).toBe("http://127.0.0.1/pay?pid=pay_abc");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(at("http://127.0.0.1/pay?pid=pay_abc")).toBeNull();
  });

  it("only ever sends back to the page it was on", () => {
    expect(at("http://127.0.0.1/pay?locale=fr&next=https://evil.example")!.headers.get("location")).toBe(
      "http://127.0.0.1/pay?next=https%3A%2F%2Fevil.example",
    );
  });
});
