import { readFileSync } from "node:fs";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";
import * as schema from "@/db/schema";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { devnetWallet } from "@payment-service/devnet/wallet";
import { evmTokenBalance } from "../support/balances";
import { fundedRelayerKey } from "../support/relayer-key";
import { scratchDatabaseUrl } from "../support/scratch-database";
import { devnetFileOf, startServer, type RunningServer } from "../support/server";

const DEVNET_FILE = devnetFileOf("test");
const started: RunningServer[] = [];
const open: postgres.Sql[] = [];

afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
  await Promise.all(open.map((s) => s.end({ timeout: 5 })));
});

/** Servers on their own database, so the main test server's watcher cannot do their work. */
async function instances(dbName: string, watcherMs: number[]) {
  const url = await scratchDatabaseUrl(dbName);
  const relayerKey = await fundedRelayerKey(inject("devnet").evm.rpcUrl);
  const servers = [];
  for (const [i, ms] of watcherMs.entries()) {
    const server = await startServer(
      {
        DATABASE_URL: url,
        DEVNET_FILE,
        EVM_RELAYER_PRIVATE_KEY: relayerKey,
        WATCHER_INTERVAL_MS: String(ms),
        EXPIRY_JOB_INTERVAL_MS: "0",
      },
      `${dbName}-${i}`,
    );
    started.push(server);
    servers.push(server);
  }
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  open.push(sql);
  const { evm, solana } = inject("devnet");
  const merchant = await createMerchant(drizzle(sql, { schema }), {
    name: "Multi",
    currency: "USD",
    evmAddress: evm.merchant.address,
    solanaAddress: solana.merchant.publicKey,
  });
  return { servers, sql, merchant, relayerKey };
}

async function payVia({
  create,
  confirmAt,
  merchant,
  buyerIndex,
  value,
}: {
  create: RunningServer;
  confirmAt: RunningServer;
  merchant: { merchantId: string; apiKey: string };
  buyerIndex: number;
  value: string;
}) {
  const { evm } = inject("devnet");
  const buyer = evm.buyers[buyerIndex]!;
  const headers = {
    "api-key": merchant.apiKey,
    "merchant-id": merchant.merchantId,
    "content-type": "application/json",
  };
  const { paymentId } = await (
    await fetch(`${create.url}/v1/merchant/payment`, {
      method: "POST",
      headers,
      body: JSON.stringify({ amount: { unit: "iso4217/USD", value }, referenceId: "multi" }),
    })
  ).json();
  const post = (server: RunningServer, path: string, body: unknown) =>
    fetch(`${server.url}/v1/gateway/payment/${paymentId}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const { options } = await (await post(create, "/options", { accounts: [`${evm.chainId}:${buyer.address}`] })).json();
  const usdc = options.find(
    (o: { amount: { display: { assetSymbol: string } } }) => o.amount.display.assetSymbol === "USDC",
  );
  const wallet = devnetWallet({
    evm: { privateKey: buyer.privateKey as `0x${string}`, rpcUrl: evm.rpcUrl, chainId: evm.chainIdNumber },
  });
  const confirm = await post(confirmAt, "/confirm", { optionId: usdc.id, results: [await wallet(usdc.actions[0])] });
  expect(confirm.status).toBe(200);
  return paymentId as string;
}

async function statusIn(sql: postgres.Sql, id: string) {
  const [row] = await sql`select status from payments where id = ${id}`;
  return row?.status as string;
}

async function waitStatus(sql: postgres.Sql, { id, want, ms = 20_000 }: { id: string; want: string; ms?: number }) {
  const deadline = Date.now() + ms;
  while ((await statusIn(sql, id)) !== want && Date.now() < deadline) await new Promise((r) => setTimeout(r, 150));
  return statusIn(sql, id);
}

describe("several app instances and restarts", () => {
  it("two instances on one database: each payment relayed once and finalized once", async () => {
    const { servers, sql, merchant } = await instances("payments_two_instances", [200, 200]);
    const [a, b] = servers as [RunningServer, RunningServer];
    const before = await evmTokenBalance("USDC", inject("devnet").evm.merchant.address);
    const ids = [];
    for (let i = 0; i < 6; i++)
      ids.push(
        await payVia({ create: i % 2 ? a : b, confirmAt: i % 2 ? b : a, merchant, buyerIndex: i % 3, value: "100" }),
      );
    for (const id of ids) expect(await waitStatus(sql, { id, want: "succeeded" })).toBe("succeeded");
    expect(await evmTokenBalance("USDC", inject("devnet").evm.merchant.address)).toBe(before + 6n * 1_000_000n);
    await new Promise((r) => setTimeout(r, 500));
    const finals = [a, b].flatMap((s) =>
      readFileSync(s.logFile, "utf8")
        .split("\n")
        // The watcher finishes a payment, or the ledger does when it sees the relay's transfer first.
        .filter(
          (l) =>
            l.includes('"payment final"') ||
            (l.includes('"payment reconciled with the chain"') && l.includes('"change":"found"')),
        ),
    );
    for (const id of ids)
      expect(
        finals.filter((l) => l.includes(id)),
        id,
      ).toHaveLength(1);
  });

  it("a payment in flight when its server is killed still settles after a restart", async () => {
    // The first instance's watcher would only run after a minute: it dies long before.
    const { servers, sql, merchant, relayerKey } = await instances("payments_restart", [60_000]);
    const first = servers[0]!;
    const id = await payVia({ create: first, confirmAt: first, merchant, buyerIndex: 1, value: "250" });
    expect(await statusIn(sql, id)).toBe("processing");
    process.kill(-first.pid, "SIGKILL");
    await new Promise((r) => setTimeout(r, 500));
    expect(await statusIn(sql, id)).toBe("processing");
    const url = await scratchDatabaseUrl("payments_restart");
    const restarted = await startServer(
      {
        DATABASE_URL: url,
        DEVNET_FILE,
        EVM_RELAYER_PRIVATE_KEY: relayerKey,
        WATCHER_INTERVAL_MS: "200",
        EXPIRY_JOB_INTERVAL_MS: "0",
      },
      "payments_restart-again",
    );
    started.push(restarted);
    expect(await waitStatus(sql, { id, want: "succeeded" })).toBe("succeeded");
  });
});
