import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { embeddedUrl } from "@/db/embedded";
import { api, createPaymentRequest, usd } from "../support/api";
import { ROOT, TEST_ENV } from "../support/server";
import postgres from "postgres";

const run = promisify(execFile);

/** The CLI exactly as the README shows it: `npm run --silent cli -- …`. */
async function cli(args: string[], env: Record<string, string | undefined> = {}) {
  try {
    const { stdout, stderr } = await run("npm", ["run", "--silent", "cli", "--", ...args], {
      cwd: ROOT,
      env: { ...process.env, ...TEST_ENV, ...env } as NodeJS.ProcessEnv,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const EVM = "0x52908400098527886E0F7030069857D2E4169EE7";
const SOLANA = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";

describe("operator CLI, against the running server's database", () => {
  it("merchant create --json prints exactly {merchantId, apiKey}, and the key works on the API", async () => {
    const out = await cli(["merchant", "create", "--name", "Acme CLI", "--evm-address", EVM, "--solana-address", SOLANA, "--currency", "EUR", "--json"]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^\{"merchantId":"mer_[0-9A-Za-z]{22}","apiKey":"[^"]+"\}\n$/);
    const merchant = JSON.parse(out.stdout);
    const res = await createPaymentRequest({ ...merchant, keyId: "" }, usd("100"));
    expect(res.status).toBe(201);

    const list = await cli(["merchant", "list", "--json"]);
    const row = JSON.parse(list.stdout).find((m: { id: string }) => m.id === merchant.merchantId);
    expect(row).toMatchObject({ name: "Acme CLI", currency: "EUR", evmAddress: EVM, solanaAddress: SOLANA, activeKeys: 1 });
  });

  it("apikey create issues a second key and apikey revoke makes the API refuse it", async () => {
    const merchant = JSON.parse((await cli(["merchant", "create", "--name", "Key rotation", "--json"])).stdout);
    const created = await cli(["apikey", "create", merchant.merchantId, "--json"]);
    expect(created.code).toBe(0);
    const { keyId, apiKey } = JSON.parse(created.stdout);
    expect(keyId).toMatch(/^key_/);
    const second = { merchantId: merchant.merchantId, apiKey, keyId };
    expect((await api("/v1/merchant/payment/pay_0000000000000000000000/status", { merchant: second })).status).toBe(404);

    const revoked = await cli(["apikey", "revoke", keyId]);
    expect(revoked.code).toBe(0);
    const refused = await api("/v1/merchant/payment/pay_0000000000000000000000/status", { merchant: second });
    expect(refused.status).toBe(401);
    expect((await refused.json()).code).toBe("invalid_api_key");
    // The first key is untouched.
    expect((await createPaymentRequest(merchant, usd("100"))).status).toBe(201);
  });

  it.each([
    ["an EVM address with a wrong checksum", ["--evm-address", "0x52908400098527886E0F7030069857D2E4169Ee7"]],
    ["an EVM address of the wrong length", ["--evm-address", "0x1234"]],
    ["a Solana address that is not base58", ["--solana-address", "0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl"]],
    ["a Solana address that is not 32 bytes", ["--solana-address", "11111"]],
    ["a currency that is not ISO 4217", ["--currency", "ABC"]],
  ])("refuses %s with exit code 2 and nothing on stdout", async (_label, flags) => {
    const out = await cli(["merchant", "create", "--name", "Bad", ...flags, "--json"]);
    expect(out.code).toBe(2);
    expect(out.stdout).toBe("");
    expect(out.stderr).toMatch(/error: /);
  });

  it("refuses unknown commands and missing arguments", async () => {
    expect((await cli(["merchant", "delete"])).code).toBe(2);
    expect((await cli(["merchant", "create", "--json"])).code).toBe(2);
    expect((await cli(["apikey", "revoke", "key_doesnotexist"])).code).toBe(2);
    expect((await cli(["apikey", "create", "mer_doesnotexist"])).code).toBe(2);
  });
});

describe("operator CLI with no server running", () => {
  it("starts the embedded PostgreSQL itself, keeps its data, and stops it on exit", async () => {
    const port = 54349;
    const env = { DATABASE_URL: undefined, EMBEDDED_PG_DIR: join(ROOT, ".data", "postgres-cli-test"), EMBEDDED_PG_PORT: String(port) };
    const created = await cli(["merchant", "create", "--name", "Offline Co", "--json"], env);
    expect(created.code).toBe(0);
    const { merchantId } = JSON.parse(created.stdout);
    const list = await cli(["merchant", "list", "--json"], env);
    expect(JSON.parse(list.stdout).map((m: { id: string }) => m.id)).toContain(merchantId);
    // Nothing listens any more: the CLI stopped the server it started.
    const probe = postgres(embeddedUrl(port), { max: 1, connect_timeout: 2 });
    await expect(probe`select 1`).rejects.toThrow();
    await probe.end({ timeout: 1 });
  });
});
