import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { freePort, devnetFileOf, ROOT, TEST_ENV } from "../support/server";

// A production start that would run on something the operator did not choose stops, saying why: a network
// without its gas key (no devnet key stands in), or the embedded database by an unset DATABASE_URL.
const dir = mkdtempSync(join(tmpdir(), "keys-production-"));

async function start(env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, "scripts", "serve.mjs"), "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: { ...process.env, ...TEST_ENV, PORT: String(port), NODE_ENV: "production", ...env } as NodeJS.ProcessEnv,
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve(null);
    }, 30_000);
    child.once("exit", (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  return { code, output };
}

function networksFile(): string {
  const { evm, solana } = inject("devnet");
  const path = join(dir, "networks.json");
  writeFileSync(
    path,
    JSON.stringify({
      networks: [
        {
          chainId: evm.chainId,
          name: "Anvil",
          rpcUrl: evm.rpcUrl,
          tokens: [
            { caip19: `${evm.chainId}/erc20:${evm.tokens[0]!.address}`, symbol: "USDC", name: "USD Coin", decimals: 6 },
          ],
        },
        {
          chainId: solana.chainId,
          name: "Solana",
          rpcUrl: solana.rpcUrl,
          tokens: [
            {
              caip19: `${solana.chainId}/token:${solana.tokens[0]!.mint}`,
              symbol: "USDC",
              name: "USD Coin",
              decimals: 6,
            },
          ],
        },
      ],
    }),
  );
  return path;
}

describe("NODE_ENV=production start rules", () => {
  it("a configured network without its gas key stops the start, even with a devnet running", async () => {
    const { evm } = inject("devnet");
    const { code, output } = await start({
      DATABASE_URL: inject("databaseUrl"),
      NETWORKS_FILE: networksFile(),
      DEVNET_FILE: devnetFileOf("test"),
      EVM_RELAYER_PRIVATE_KEY: evm.relayer.privateKey,
    });
    expect(code).toBe(1);
    expect(output).toMatch(/did not start: networks solana:\S+ need a gas key under NODE_ENV=production/);
    expect(output).toContain("SOLANA_FEE_PAYER_KEYSTORE_FILE");
  });

  it("an unset DATABASE_URL stops the start unless EMBEDDED_PG_IN_PRODUCTION=true", async () => {
    const { code, output } = await start({
      DATABASE_URL: undefined,
      EMBEDDED_PG_IN_PRODUCTION: undefined,
      NETWORKS_FILE: join(dir, "none.json"),
    });
    expect(code).toBe(1);
    expect(output).toContain(
      "DATABASE_URL is not set, and NODE_ENV=production does not run on the embedded PostgreSQL",
    );
  });

  it("an unreadable _FILE stops the start, naming the setting", async () => {
    const { code, output } = await start({
      DATABASE_URL: inject("databaseUrl"),
      EVM_RELAYER_PRIVATE_KEY_FILE: join(dir, "missing-key"),
    });
    expect(code).toBe(1);
    expect(output).toMatch(/EVM_RELAYER_PRIVATE_KEY_FILE: cannot read \S+missing-key \(ENOENT\)/);
  });
});
