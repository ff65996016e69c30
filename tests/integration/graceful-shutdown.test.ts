import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { Keypair } from "@solana/web3.js";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { createPublicClient, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, describe, expect, inject, it } from "vitest";
import type { Db } from "@/db/client";
import * as schema from "@/db/schema";
import { payments, paymentSubmissions, webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { devnetNetworks, readRunningDevnet } from "@/lib/chains/devnet-networks";
import { newId } from "@/lib/ids";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { newWebhookSecret } from "@/lib/webhooks/new-webhook-secret";
import { startRpcProxy, type RpcProxy } from "@payment-service/devnet/rpc-proxy";
import { evmTokenBalance } from "../support/balances";
import { confirmAt, createPaymentAt, gatewayAt, signWithDevnetBuyer } from "../support/pay-steps";
import { TEST_DEVNET_FILE } from "../support/proxied-servers";
import { fundedRelayerKey } from "../support/relayer-key";
import { scratchDatabaseUrl } from "../support/scratch-database";
import { ARTIFACTS, freePort, ROOT, TEST_ENV } from "../support/server";

// Real server processes (scripts/serve.mjs, as `npm start` runs it) sent SIGTERM in the middle of
// their work, on scratch databases of their own and the suite's chains behind RPC proxies. Spawned
// here rather than through startServer, to see each one's exit code and what it printed.

type Served = {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves when the process has exited: its code, and when. */
  exited: Promise<{ code: number | null; at: number }>;
};

const children: ChildProcess[] = [];
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await Promise.all(closers.map((close) => close()));
});

/** Spawn the production server; resolves once /readyz answers 200, or once it exited (`waitReady: false`). */
async function serve(env: Record<string, string>, name: string, waitReady = true, at?: number): Promise<Served> {
  const port = at ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(ROOT, "scripts", "serve.mjs"), "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: { ...process.env, ...TEST_ENV, PUBLIC_BASE_URL: url, PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once("exit", (code) => {
      mkdirSync(ARTIFACTS, { recursive: true });
      writeFileSync(join(ARTIFACTS, `shutdown-${name}-${port}.log`), output);
      resolve({ code, at: Date.now() });
    }),
  );
  if (!waitReady) return { url, child, output: () => output, exited };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    // Its own line first: another process that took the port picked for it would answer /readyz too.
    const ready =
      output.includes(`ready on ${url} `) &&
      (await fetch(`${url}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      ));
    if (ready) return { url, child, output: () => output, exited };
    if (Date.now() > deadline) throw new Error(`${name} not ready after 90 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

type Setup = {
  env: Record<string, string>;
  evm: RpcProxy;
  db: Db;
  merchant: { merchantId: string; apiKey: string; evmAddress: `0x${string}` };
  relayer: `0x${string}`;
};

/** A scratch database (migrated by a first server, which stays up), the suite's chains behind proxies, a merchant. */
async function setupWith(name: string, first: Record<string, string>): Promise<{ setup: Setup; a: Served }> {
  const devnet = readRunningDevnet(TEST_DEVNET_FILE)!;
  const [evm, solana] = await Promise.all([startRpcProxy(devnet.evm.rpcUrl), startRpcProxy(devnet.solana.rpcUrl)]);
  closers.push(
    () => evm.close(),
    () => solana.close(),
  );
  const networks = devnetNetworks(devnet).map((n) => ({
    ...n,
    rpcUrl: n.chainId.startsWith("eip155:") ? evm.url : solana.url,
  }));
  mkdirSync(ARTIFACTS, { recursive: true });
  const networksFile = join(ARTIFACTS, `shutdown_${name}-networks.json`);
  writeFileSync(networksFile, JSON.stringify({ networks }, null, 2));
  const url = await scratchDatabaseUrl(`shutdown_${name}`);
  const relayerKey = await fundedRelayerKey(devnet.evm.rpcUrl);
  const env = {
    DATABASE_URL: url,
    NETWORKS_FILE: networksFile,
    DEVNET_FILE: join(ARTIFACTS, "no-devnet.json"),
    EVM_RELAYER_PRIVATE_KEY: relayerKey,
    SOLANA_FEE_PAYER_SECRET_KEY: devnet.solana.feePayer.secretKey,
    WATCHER_INTERVAL_MS: "200",
    // Settlement here is confirm's and the watcher's; the ledger's scan would find the transfer too.
    LEDGER_SCAN_INTERVAL_MS: "600000",
    EXPIRY_JOB_INTERVAL_MS: "0",
    WEBHOOK_ALLOW_PRIVATE: "true",
  };
  const a = await serve({ ...env, ...first }, `${name}-a`);
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  closers.push(() => sql.end({ timeout: 5 }));
  const db = drizzle(sql, { schema }) as unknown as Db;
  const evmAddress = privateKeyToAccount(generatePrivateKey()).address;
  const solanaAddress = Keypair.generate().publicKey.toBase58();
  const created = await createMerchant(db, { name: "Shutdown Shop", currency: "USD", evmAddress, solanaAddress });
  const merchant = { merchantId: created.merchantId, apiKey: created.apiKey, evmAddress };
  return { setup: { env, evm, db, merchant, relayer: privateKeyToAccount(relayerKey).address }, a };
}

/** A webhook receiver that answers 200 only `delayMs` after each request arrived. */
async function slowReceiver(delayMs: number) {
  const received: { id: string; at: number }[] = [];
  const answered: number[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    received.push({ id: String(req.headers["webhook-id"]), at: Date.now() });
    setTimeout(() => {
      res.writeHead(200).end("ok");
      answered.push(Date.now());
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received, answered };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.concurrent("SIGTERM drains the server within SHUTDOWN_GRACE_MS", { timeout: 180_000 }, () => {
  it("/readyz says 503 at once, a long-poll gets the current status, a webhook attempt in flight finishes once, exit 0", async () => {
    const GRACE_MS = 10_000;
    const { setup, a } = await setupWith("drain", { SHUTDOWN_GRACE_MS: String(GRACE_MS) });
    const receiver = await slowReceiver(3_000);
    const endpointId = newId("whe");
    await setup.db
      .insert(webhookEndpoints)
      .values({ id: endpointId, merchantId: setup.merchant.merchantId, url: receiver.url, secret: newWebhookSecret() });
    const paymentId = await createPaymentAt(a, setup.merchant, "401");
    // The event's attempt is in flight: the receiver holds its answer for 3 s.
    await until(
      async () => receiver.received.length,
      (n) => n === 1,
      20_000,
    );
    const polling = gatewayAt(a, { paymentId, path: "/status?maxPollMs=30000" });
    await new Promise((r) => setTimeout(r, 300));

    const signalled = Date.now();
    a.child.kill("SIGTERM");
    // The signal and the first request race into the server's event loop; within a second it says 503.
    let ready = await fetch(`${a.url}/readyz`);
    while (ready.status === 200 && Date.now() - signalled < 1_000) {
      await new Promise((r) => setTimeout(r, 20));
      ready = await fetch(`${a.url}/readyz`);
    }
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "unavailable", reasons: ["draining: shutting down"] });

    const poll = await polling;
    expect(poll.status).toBe(200);
    expect(await poll.json()).toMatchObject({ status: "requires_action", isFinal: false });
    expect(Date.now() - signalled).toBeLessThan(2_000);

    const { code, at } = await a.exited;
    expect(code, a.output()).toBe(0);
    expect(at - signalled).toBeLessThan(GRACE_MS);
    // It waited for the receiver's answer, and recorded it.
    expect(receiver.answered.length).toBe(1);
    expect(at).toBeGreaterThanOrEqual(receiver.answered[0]!);
    const [delivery] = await setup.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId));
    expect(delivery).toMatchObject({ status: "succeeded", attemptCount: 1, claimToken: null });

    // Another instance on the same database finds nothing left to deliver: the event arrived once.
    const b = await serve(setup.env, "drain-b");
    await new Promise((r) => setTimeout(r, 2_000));
    expect(receiver.received.map((r) => r.id)).toHaveLength(1);
    expect(await setup.db.select().from(webhookAttempts)).toHaveLength(1);
    b.child.kill("SIGTERM");
    expect((await b.exited).code).toBe(0);
  });

  it("a confirm whose send is held hands it back at the end of the grace: another instance settles it at once, once", async () => {
    const GRACE_MS = 4_000;
    const { setup, a } = await setupWith("send", { SHUTDOWN_GRACE_MS: String(GRACE_MS) });
    const b = await serve(setup.env, "send-b");
    const before = await evmTokenBalance("USDC", setup.merchant.evmAddress);
    const signed = await signWithDevnetBuyer(a, {
      paymentId: await createPaymentAt(a, setup.merchant, "402"),
      namespace: "eip155",
      symbol: "USDC",
      buyerIndex: 2,
    });

    // The relayer's transaction is recorded and its send held before it reaches the chain.
    const held = setup.evm.holdNext((c) => c.method === "eth_sendRawTransaction", "request");
    const confirming = confirmAt(a, signed);
    await held;
    const signalled = Date.now();
    a.child.kill("SIGTERM");

    // The buyer's confirm is answered (processing: the transfer is the service's to finish), not reset.
    const answer = await confirming;
    expect(answer?.status).toBe(200);
    expect(await answer!.json()).toMatchObject({ status: "processing" });
    const { code, at } = await a.exited;
    expect(code, a.output()).toBe(0);
    expect(at - signalled).toBeLessThan(GRACE_MS + 1_000);
    (await held).drop();

    // Handed back: the other instance's watcher sends the same bytes now, not when confirm's 15 s lease ends.
    const status = async () =>
      (await setup.db.select({ status: payments.status }).from(payments).where(eq(payments.id, signed.paymentId)))[0]!
        .status;
    expect(await until(status, (s) => s === "succeeded", 30_000)).toBe("succeeded");
    const settledAfterExit = Date.now() - at;
    expect(settledAfterExit, "a lease run out would take about 11 s more").toBeLessThan(6_000);

    // Exactly once: one transaction of the relayer, one amount at the merchant, one submission.
    const evm = createPublicClient({ transport: http(inject("devnet").evm.rpcUrl) });
    expect(await evm.getTransactionCount({ address: setup.relayer })).toBe(1);
    expect(await evmTokenBalance("USDC", setup.merchant.evmAddress)).toBe(before + 4_020_000n);
    const submissions = await setup.db
      .select()
      .from(paymentSubmissions)
      .where(eq(paymentSubmissions.paymentId, signed.paymentId));
    expect(submissions).toHaveLength(1);
    b.child.kill("SIGTERM");
    expect((await b.exited).code).toBe(0);
  });

  it("a start that fails exits non-zero with the reason: a broken NETWORKS_FILE, an unreachable database", async () => {
    const broken = join(ARTIFACTS, "shutdown-broken-networks.json");
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(broken, '{"networks": [ { "chainId": ');
    const base = { DEVNET_FILE: join(ARTIFACTS, "no-devnet.json") };
    const started = Date.now();
    const [badFile, noDatabase] = await Promise.all([
      serve(
        { ...base, DATABASE_URL: await scratchDatabaseUrl("shutdown_broken"), NETWORKS_FILE: broken },
        "broken-networks",
        false,
      ),
      serve({ ...base, DATABASE_URL: "postgres://postgres@127.0.0.1:1/nowhere" }, "no-database", false),
    ]);
    const [fileExit, databaseExit] = await Promise.all([badFile.exited, noDatabase.exited]);
    expect(fileExit.code).toBe(1);
    expect(badFile.output()).toMatch(/did not start: NETWORKS_FILE .*shutdown-broken-networks\.json/);
    expect(databaseExit.code).toBe(1);
    expect(noDatabase.output()).toMatch(/did not start: the database cannot be reached .*ECONNREFUSED/);
    // Seconds on an idle machine (Next.js loads first); generous for a busy one.
    expect(Math.max(fileExit.at, databaseExit.at) - started).toBeLessThan(30_000);
    expect(badFile.output()).not.toMatch(/ready on/);
  });

  it("a port another process holds: exits non-zero saying so, rather than run its jobs while the other answers", async () => {
    const holder = createServer((_, res) => res.end("another service"));
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise((resolve) => holder.close(resolve)));
    const { port } = holder.address() as AddressInfo;
    const env = { DATABASE_URL: await scratchDatabaseUrl("shutdown_port_taken"), DEVNET_FILE: TEST_DEVNET_FILE };
    const taken = await serve(env, "port-taken", false, port);
    const exit = await taken.exited;
    expect(exit.code).toBe(1);
    expect(taken.output()).toMatch(/cannot listen on 127\.0\.0\.1:\d+: .*EADDRINUSE/);
    expect(taken.output()).not.toMatch(/ready on/);
  });
});
