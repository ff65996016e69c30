import { describe, expect, it } from "vitest";
import { DUMMY_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from "@/lib/auth/password-hash";

// Made by the previous hashPassword (N=2^15), as stored in users.password_hash before the cost went up.
const OLD_HASH = "scrypt$32768$8$1$1ZWO28IY32COFYlLZjsm5w$_ykclsxxQH_zoQPHEE_wNuoVnTBp393GbvHyeF0_MJQ";
const PASSWORD = "correct horse battery";

describe("password hashes", () => {
  it("new hashes use OWASP's scrypt parameters (N=2^17, r=8, p=1) and carry them with salt and key", async () => {
    const hash = await hashPassword(PASSWORD);
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
    expect(await verifyPassword("correct horse battery!", hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
    // A fresh salt each time.
    expect(await hashPassword(PASSWORD)).not.toBe(hash);
  }, 30_000); // four hashes of about half a second each, more on a busy machine

  it("hashes stored with the earlier parameters keep verifying with their own, and are marked for an upgrade", async () => {
    expect(await verifyPassword(PASSWORD, OLD_HASH)).toBe(true);
    expect(await verifyPassword("wrong horse battery", OLD_HASH)).toBe(false);
    expect(needsRehash(OLD_HASH)).toBe(true);
  });

  it.each([
    ["another scheme", "bcrypt$2b$10$abcdefghijklmnopqrstuv"],
    ["missing fields", "scrypt$131072$8$1$AAAA"],
    ["extra fields", `${OLD_HASH}$x`],
    ["N not a power of two", OLD_HASH.replace("32768", "30000")],
    ["N beyond the bound (a corrupt row asking for gigabytes)", OLD_HASH.replace("32768", String(2 ** 24))],
    ["r beyond the bound", OLD_HASH.replace("$8$1$", "$64$1$")],
    ["not a number", OLD_HASH.replace("32768", "lots")],
    ["N of zero", "scrypt$0$8$1$AA$AA"],
    ["plain text", "plain-text"],
    ["empty", ""],
  ])("a malformed hash (%s) never matches and never throws", async (_label, stored) => {
    expect(await verifyPassword(PASSWORD, stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it("the stand-in hash for unknown emails costs today's parameters and matches nothing", async () => {
    expect(DUMMY_PASSWORD_HASH.startsWith("scrypt$131072$8$1$")).toBe(true);
    expect(needsRehash(DUMMY_PASSWORD_HASH)).toBe(false);
    expect(await verifyPassword("", DUMMY_PASSWORD_HASH)).toBe(false);
  });
});
