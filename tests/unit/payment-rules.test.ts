import { describe, expect, it } from "vitest";
import { isHttpsUrl, resolveRedirects } from "@/lib/payments/redirect-urls";
import { effectiveStatus, isFinalStatus } from "@/lib/payments/status";
import { parseEvmAddress, parseSolanaAddress } from "@/lib/merchants/receiving-address";

describe("redirect URLs", () => {
  it("accept only absolute HTTPS URLs with a host", () => {
    expect(isHttpsUrl("https://shop.example/ok?x=1")).toBe(true);
    for (const bad of [
      "http://shop.example",
      "https://",
      "//shop.example",
      "/ok",
      "javascript:alert(1)",
      "ftp://x",
      "https://a b.example",
      "",
      null,
      undefined,
    ]) {
      expect(isHttpsUrl(bad), String(bad)).toBe(false);
    }
  });

  it("are enabled only in pairs", () => {
    expect(resolveRedirects({ successUrl: "https://a.example", errorUrl: "https://b.example" }).redirectsEnabled).toBe(
      true,
    );
    expect(resolveRedirects({ successUrl: "https://a.example" })).toEqual({
      redirectsEnabled: false,
      successUrl: null,
      errorUrl: null,
    });
    expect(resolveRedirects(undefined).redirectsEnabled).toBe(false);
  });
});

describe("status", () => {
  const past = new Date(Date.now() - 1000);
  const future = new Date(Date.now() + 60_000);

  it("reads a pending payment past its expiry as expired", () => {
    expect(effectiveStatus({ status: "pending", expiresAt: past })).toBe("expired");
    expect(effectiveStatus({ status: "pending", expiresAt: future })).toBe("pending");
  });

  it("never expires a payment already in flight or final", () => {
    expect(effectiveStatus({ status: "processing", expiresAt: past })).toBe("processing");
    expect(effectiveStatus({ status: "succeeded", expiresAt: past })).toBe("succeeded");
  });

  it("knows which statuses are final", () => {
    expect(["pending", "processing", "succeeded", "failed", "expired"].map((s) => isFinalStatus(s as never))).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
  });
});

describe("receiving addresses", () => {
  it("checks the EIP-55 checksum and returns the checksummed form", () => {
    expect(parseEvmAddress("0x52908400098527886e0f7030069857d2e4169ee7")).toBe(
      "0x52908400098527886E0F7030069857D2E4169EE7",
    );
    expect(() => parseEvmAddress("0x52908400098527886E0F7030069857D2E4169Ee7")).toThrow(/checksum/);
    expect(() => parseEvmAddress("0x1234")).toThrow();
  });

  it("wants a Solana key of exactly 32 bytes in base58", () => {
    expect(parseSolanaAddress("9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin")).toBe(
      "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
    );
    expect(() => parseSolanaAddress("11111")).toThrow();
    expect(() => parseSolanaAddress("0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl")).toThrow();
  });
});
