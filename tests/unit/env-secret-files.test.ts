import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv, SECRET_SETTINGS } from "@/lib/env";
import { readSecretFiles } from "@/lib/secrets/secret-files";

const dir = mkdtempSync(join(tmpdir(), "keys-env-"));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text, { mode: 0o600 });
  return path;
};
const RELAYER = `0x${"11".repeat(32)}`;

describe("X_FILE for secret settings", () => {
  it("reads the file, trimmed, into the setting", () => {
    const settings = parseEnv({ EVM_RELAYER_PRIVATE_KEY_FILE: file("relayer", `${RELAYER}\n`) });
    expect(settings.EVM_RELAYER_PRIVATE_KEY).toBe(RELAYER);
  });

  it("covers every secret setting: the gas keys, keystore passphrases, signer tokens, DATABASE_URL, SECRETS_KEY", () => {
    const names = SECRET_SETTINGS.map((s) => s.name);
    for (const name of [
      "EVM_RELAYER_PRIVATE_KEY",
      "SOLANA_FEE_PAYER_SECRET_KEY",
      "EVM_RELAYER_KEYSTORE_PASSPHRASE",
      "SOLANA_FEE_PAYER_KEYSTORE_PASSPHRASE",
      "EVM_RELAYER_SIGNER_TOKEN",
      "SOLANA_FEE_PAYER_SIGNER_TOKEN",
      "DATABASE_URL",
      "SECRETS_KEY",
    ])
      expect(names).toContain(name);
    const url = "postgres://app:s3cret@db.internal:5432/payments";
    expect(parseEnv({ DATABASE_URL_FILE: file("db", `${url}\n`) }).DATABASE_URL).toBe(url);
  });

  it("refuses both forms at once, naming them", () => {
    expect(() =>
      parseEnv({ EVM_RELAYER_PRIVATE_KEY: RELAYER, EVM_RELAYER_PRIVATE_KEY_FILE: file("both", RELAYER) }),
    ).toThrow("EVM_RELAYER_PRIVATE_KEY and EVM_RELAYER_PRIVATE_KEY_FILE are both set");
  });

  it("stops on a file that cannot be read or is empty, naming the setting and never a value", () => {
    expect(() => parseEnv({ SOLANA_FEE_PAYER_SECRET_KEY_FILE: join(dir, "missing") })).toThrow(
      /SOLANA_FEE_PAYER_SECRET_KEY_FILE: cannot read .*missing \(ENOENT\)/,
    );
    expect(() => parseEnv({ EVM_RELAYER_SIGNER_TOKEN_FILE: file("empty", "\n") })).toThrow(
      "EVM_RELAYER_SIGNER_TOKEN_FILE: ",
    );
    const unreadable = file("unreadable", "x");
    chmodSync(unreadable, 0o000);
    const read = (path: string) => {
      if (path === unreadable) throw Object.assign(new Error("denied"), { code: "EACCES" });
      return "";
    };
    expect(readSecretFiles({ X_FILE: unreadable }, [{ name: "X" }], read).issues).toEqual([
      `X_FILE: cannot read ${unreadable} (EACCES)`,
    ]);
  });

  it("validates what the file holds like the variable, saying where it came from, without echoing it", () => {
    const bad = "0xnot-a-key-but-a-secret";
    let message = "";
    try {
      parseEnv({ EVM_RELAYER_PRIVATE_KEY_FILE: file("bad", bad) });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain(
      "EVM_RELAYER_PRIVATE_KEY (read from EVM_RELAYER_PRIVATE_KEY_FILE): must be 0x + 64 hex digits",
    );
    expect(message).not.toContain(bad);
  });

  it("SECRETS_KEY_FILE: read when it exists; a missing one is left for the development key to be generated into", () => {
    const key = Buffer.alloc(32, 7).toString("base64");
    expect(parseEnv({ SECRETS_KEY_FILE: file("secrets.key", `${key}\n`) }).SECRETS_KEY).toBe(key);
    const missing = parseEnv({ SECRETS_KEY_FILE: join(dir, "not-yet.key") });
    expect(missing.SECRETS_KEY).toBeUndefined();
    expect(missing.SECRETS_KEY_FILE).toBe(join(dir, "not-yet.key"));
  });

  it("leaves settings that are not secrets alone (NETWORKS_FILE is a path, not a form of NETWORKS)", () => {
    expect(parseEnv({ NETWORKS_FILE: "/etc/networks.json" }).NETWORKS_FILE).toBe("/etc/networks.json");
  });
});
