import { describe, expect, it } from "vitest";
import { redirectTarget } from "@/components/checkout/redirect-target";
import { formatTokenAmount } from "@/components/checkout/wallet/format-token-amount";
import { checkoutSecurityHeaders } from "@/lib/http/checkout-security-headers";

describe("checkout formatting", () => {
  it("shows token amounts exactly, with at least two decimals", () => {
    expect(formatTokenAmount("12500000", 6)).toBe("12.50");
    expect(formatTokenAmount("1", 6)).toBe("0.000001");
    expect(formatTokenAmount("123456789", 6)).toBe("123.456789");
    expect(formatTokenAmount("5", 0)).toBe("5");
    // 18 decimals, beyond a JS number's precision
    expect(formatTokenAmount("1000000000000000001", 18)).toBe("1.000000000000000001");
  });

  it("adds payment_id to the merchant's URL and keeps its own query", () => {
    expect(redirectTarget("https://shop.example/thanks?order=42", "pay_abc")).toBe(
      "https://shop.example/thanks?order=42&payment_id=pay_abc",
    );
    expect(redirectTarget("https://shop.example/failed", "pay_abc")).toBe(
      "https://shop.example/failed?payment_id=pay_abc",
    );
  });
});

describe("checkout security headers", () => {
  it("allows only scripts carrying the nonce and forbids framing", () => {
    const h = checkoutSecurityHeaders("bm9uY2U=", { dev: false });
    const csp = h["Content-Security-Policy"]!;
    expect(csp).toContain("script-src 'self' 'nonce-bm9uY2U=' 'strict-dynamic'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self';");
    expect(h["Referrer-Policy"]).toBe("no-referrer");
  });

  it("lets the page load icons from PUBLIC_BASE_URL, also when it is plain http", () => {
    const img = (publicOrigin: string) =>
      checkoutSecurityHeaders("bm9uY2U=", { dev: false, publicOrigin })
        ["Content-Security-Policy"]!.split("; ")
        .find((d) => d.startsWith("img-src"));
    expect(img("http://localhost:3000")).toBe("img-src 'self' http://localhost:3000 data: https:");
    expect(img("https://pay.example.com")).toBe("img-src 'self' data: https:");
  });
});
