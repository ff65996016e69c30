import { createTestClient, http, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, inject, it } from "vitest";
import { embeddedUrl } from "@/db/embedded";
import { api, createPaymentRequest, usd } from "../support/api";
import { cli, npmCli } from "../support/run-cli";
import { dataDirOf, devnetFileOf, freePort } from "../support/server";
import postgres from "postgres";

const EVM = "0x52908400098527886E0F7030069857D2E4169EE7";
const SOLANA = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";

describe("operator CLI, against the running server's database", () => {
  // The other tests run the bundle the container ships (tests/support/run-cli.ts); this one the README's command.
  it("runs as the README shows it: npm run cli, through tsx over scripts/cli.ts", async () => {
    const created = await npmCli(["merchant", "create", "--name", "Through npm", "--json"]);
    expect(created.code).toBe(0);
    const { merchantId } = JSON.parse(created.stdout) as { merchantId: string };
    const list = await npmCli(["merchant", "list", "--json"]);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout).map((m: { id: string }) => m.id)).toContain(merchantId);
  }, 150_000); // two cold tsx compiles of the CLI: 60 s on a busy 2-core CI machine

  it("merchant create --json prints exactly {merchantId, apiKey}, and the key works on the API", async () => {
    const out = await cli([
      "merchant",
      "create",
      "--name",
      "Acme CLI",
      "--evm-address",
      EVM,
      "--solana-address",
      SOLANA,
      "--currency",
      "EUR",
      "--json",
    ]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^\{"merchantId":"mer_[0-9A-Za-z]{22}","apiKey":"[^"]+"\}\n$/);
    const merchant = JSON.parse(out.stdout);
    const res = await createPaymentRequest({ ...merchant, keyId: "" }, usd("100"));
    expect(res.status).toBe(201);

    const list = await cli(["merchant", "list", "--json"]);
    const row = JSON.parse(list.stdout).find((m: { id: string }) => m.id === merchant.merchantId);
    expect(row).toMatchObject({
      name: "Acme CLI",
      currency: "EUR",
      evmAddress: EVM,
      solanaAddress: SOLANA,
      activeKeys: 1,
    });
  });

  it("apikey create issues a second key and apikey revoke makes the API refuse it", async () => {
    const merchant = JSON.parse((await cli(["merchant", "create", "--name", "Key rotation", "--json"])).stdout);
    const created = await cli(["apikey", "create", merchant.merchantId, "--json"]);
    expect(created.code).toBe(0);
    const { keyId, apiKey } = JSON.parse(created.stdout);
    expect(keyId).toMatch(/^key_/);
    const second = { merchantId: merchant.merchantId, apiKey, keyId };
    expect((await api("/v1/merchant/payment/pay_0000000000000000000000/status", { merchant: second })).status).toBe(
      404,
    );

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
    // A port of its own: the embedded and system-database runs of the suite run this test side by side
    // (scripts/test.sh), and a fixed port let one run's CLI meet the other's PostgreSQL.
    const port = await freePort();
    const env = {
      DATABASE_URL: undefined,
      EMBEDDED_PG_DIR: dataDirOf("postgres-cli-test"),
      EMBEDDED_PG_PORT: String(port),
    };
    const created = await cli(["merchant", "create", "--name", "Offline Co", "--json"], env);
    expect(created.code).toBe(0);
    const { merchantId } = JSON.parse(created.stdout);
    const list = await cli(["merchant", "list", "--json"], env);
    expect(JSON.parse(list.stdout).map((m: { id: string }) => m.id)).toContain(merchantId);
    // Nothing listens any more: the CLI stopped the server it started.
    const probe = postgres(embeddedUrl(env.EMBEDDED_PG_DIR, port), { max: 1, connect_timeout: 2 });
    await expect(probe`select 1`).rejects.toThrow();
    await probe.end({ timeout: 1 });
  });
});

describe("operator CLI: gas", () => {
  const DEVNET_FILE = devnetFileOf("test");
  // Nothing listens there: `gas` reads chains only, with or without a server or a database.
  const NO_DATABASE = "postgres://nobody@127.0.0.1:1/none";
  const withoutReadTimes = (entries: Record<string, unknown>[]) =>
    entries.map(({ balance, baseUnits, checkedAt, ...rest }) => ({
      ...rest,
      read: typeof balance === "string" && typeof baseUnits === "string" && typeof checkedAt === "string",
    }));

  it("gas --json prints the same entries as /healthz's gas, read from the chains themselves", async () => {
    const out = await cli(["gas", "--json"], { DEVNET_FILE, DATABASE_URL: NO_DATABASE });
    expect(out.code).toBe(0);
    const entries = JSON.parse(out.stdout);
    const health = await (await api("/healthz")).json();
    expect(withoutReadTimes(entries)).toEqual(withoutReadTimes(health.gas));
    const { evm, solana } = inject("devnet");
    expect(entries.map((e: { network: string; address: string }) => [e.network, e.address])).toEqual([
      [evm.chainId, evm.relayer.address],
      [solana.chainId, solana.feePayer.publicKey],
    ]);
  });

  it("gas reports a relayer under GAS_BALANCE_WARN as low, one line per network", async () => {
    const { evm, solana } = inject("devnet");
    const privateKey = generatePrivateKey();
    const relayer = privateKeyToAccount(privateKey).address;
    await createTestClient({ mode: "anvil", transport: http(evm.rpcUrl) }).setBalance({
      address: relayer,
      value: parseEther("0.01"),
    });
    const env = {
      DEVNET_FILE,
      DATABASE_URL: NO_DATABASE,
      EVM_RELAYER_PRIVATE_KEY: privateKey,
      GAS_BALANCE_WARN: "0.05",
    };

    // A low key is printed, and exits 3, so `cli gas || alert` works from cron.
    const json = await cli(["gas", "--json"], env);
    expect(json.code).toBe(3);
    expect(JSON.parse(json.stdout)).toMatchObject([
      {
        network: evm.chainId,
        address: relayer,
        balance: "0.01",
        baseUnits: "10000000000000000",
        symbol: "ETH",
        warnBelow: "0.05",
        status: "low",
      },
      { network: solana.chainId, address: solana.feePayer.publicKey, symbol: "SOL", warnBelow: "0.05", status: "ok" },
    ]);

    const text = await cli(["gas"], env);
    expect(text.code).toBe(3);
    const lines = text.stdout
      .trimEnd()
      .split("\n")
      .map((l) => l.split("\t"));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual([evm.chainId, relayer, "0.01 ETH", "warn below 0.05 ETH", "LOW"]);
    expect(lines[1]!.slice(0, 2)).toEqual([solana.chainId, solana.feePayer.publicKey]);
    expect(lines[1]![4]).toBe("ok");
    expect(text.stdout + text.stderr).not.toContain(privateKey.slice(2));
  });

  it("refuses a GAS_BALANCE_WARN that is not a decimal amount, naming it", async () => {
    const out = await cli(["gas"], { DEVNET_FILE, GAS_BALANCE_WARN: "5%" });
    expect(out.code).toBe(1);
    expect(out.stdout).toBe("");
    expect(out.stderr).toContain("GAS_BALANCE_WARN");
  });
});
