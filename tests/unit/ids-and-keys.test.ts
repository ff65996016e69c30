import { describe, expect, it } from "vitest";
import { displayPrefix, generateApiKeySecret, hashApiKey, sameHash } from "@/lib/auth/api-key-secret";
import { newId, randomBase62 } from "@/lib/ids";

describe("identifiers", () => {
  it("are prefixed, fixed-width base62 with 128 random bits", () => {
    const ids = Array.from({ length: 2000 }, () => newId("pay"));
    for (const id of ids) expect(id).toMatch(/^pay_[0-9A-Za-z]{22}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // 62^22 > 2^128: 22 characters hold the 16 random bytes.
    expect(62n ** 22n > 2n ** 128n).toBe(true);
    expect(randomBase62(16)).toHaveLength(22);
  });
});

describe("API key secrets", () => {
  it("are random and stored only as a SHA-256 hash", () => {
    const a = generateApiKeySecret();
    const b = generateApiKeySecret();
    expect(a).not.toBe(b);
    expect(hashApiKey(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(a)).not.toContain(a);
    expect(displayPrefix(a).length).toBeLessThan(12);
  });

  it("compare hashes exactly", () => {
    const h = hashApiKey("sk_x");
    expect(sameHash(h, hashApiKey("sk_x"))).toBe(true);
    expect(sameHash(h, hashApiKey("sk_y"))).toBe(false);
    expect(sameHash(h, "abcd")).toBe(false);
  });
});
