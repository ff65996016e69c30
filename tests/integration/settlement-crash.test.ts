import { eq, inArray } from "drizzle-orm";
import { createPublicClient, http } from "viem";
import { afterAll, describe, expect, inject, it } from "vitest";
import { payments, paymentSubmissions } from "@/db/schema";
import type { RpcCall } from "@payment-service/devnet/rpc-proxy";
import { evmTokenBalance, solanaUsdcOf } from "../support/balances";
import { confirmAt, createPaymentAt, signWithDevnetBuyer, type Signed } from "../support/pay-steps";
import { kill, proxiedSetup, type ProxiedSetup } from "../support/proxied-servers";
import type { RunningServer } from "../support/server";

// The servers that are killed run no ledger scan: its reads of the same transaction (the ledger reads
// the receipt of every transfer to a merchant, confirm or not) would trip the kill before the step under
// test. The server that finishes the work after the crashes ("d") runs everything, the ledger included.
const CONFIRM_AND_WATCHER_ONLY = { LEDGER_SCAN_INTERVAL_MS: "600000" };

// Each test kills a real app process (SIGKILL) at three steps of three payments: after the
// transfer is recorded (before it is sent), after it is sent (before confirm hears back), and
// before the watcher writes the result. The RPC proxy in front of the real chain holds the call
// that marks the step, so the kill lands exactly there; the chain itself is untouched.

const setups: ProxiedSetup[] = [];
afterAll(async () => {
  await Promise.all(setups.map((s) => s.close()));
});

async function statusesOf(setup: ProxiedSetup, ids: string[]) {
  return setup.db
    .select({ id: payments.id, status: payments.status, txHash: payments.txHash })
    .from(payments)
    .where(inArray(payments.id, ids));
}

async function waitAll(setup: ProxiedSetup, { ids, want, ms = 60_000 }: { ids: string[]; want: string; ms?: number }) {
  const deadline = Date.now() + ms;
  for (;;) {
    const rows = await statusesOf(setup, ids);
    if (rows.every((r) => r.status === want) || Date.now() > deadline)
      return Object.fromEntries(rows.map((r) => [r.id, r.status]));
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function submissionOf(setup: ProxiedSetup, id: string) {
  const [row] = await setup.db.select().from(paymentSubmissions).where(eq(paymentSubmissions.paymentId, id));
  return row;
}

/** Confirm on `server`, hold the call `match` picks (before or after the chain), then kill the server mid-step. */
async function killDuring(
  server: RunningServer,
  {
    setup,
    chain,
    match,
    when,
    signed,
  }: {
    setup: ProxiedSetup;
    chain: "evm" | "solana";
    match: (c: RpcCall) => boolean;
    when: "request" | "response";
    signed: Signed;
  },
) {
  const held = setup[chain].holdNext(match, when);
  const confirming = confirmAt(server, signed);
  const call = await held;
  kill(server);
  call.drop();
  await confirming;
}

/** The wallet retries the same confirm after the crash: it gets where the payment stands, never a 422. */
async function retryAnswers(server: RunningServer, signed: Signed) {
  const res = await confirmAt(server, signed);
  expect(res?.status, signed.paymentId).toBe(200);
  const body = (await res!.json()) as { status: string };
  expect(["processing", "succeeded"]).toContain(body.status);
}

const evmClient = () => createPublicClient({ transport: http(inject("devnet").evm.rpcUrl) });
const hashesOf = async (setup: ProxiedSetup, ids: string[]) =>
  (await statusesOf(setup, ids)).map((r) => r.txHash).filter(Boolean) as string[];

// Each test starts four server processes one after another (three tests at once): minutes on a busy 2-core machine.
describe.concurrent("settlement survives a crash at each step of a confirm", { timeout: 180_000 }, () => {
  it("EIP-3009 (relayed): every payment succeeds once, relayer nonces consecutive", async () => {
    const setup = await proxiedSetup("crash_eip3009");
    setups.push(setup);
    const before = await evmTokenBalance("USDC", setup.merchant.evmAddress);
    const isSend = (c: RpcCall) => c.method === "eth_sendRawTransaction";

    const a = await setup.start("a", CONFIRM_AND_WATCHER_ONLY);
    const afterRecord = await signWithDevnetBuyer(a, {
      paymentId: await createPaymentAt(a, setup.merchant, "101"),
      namespace: "eip155",
      symbol: "USDC",
      buyerIndex: 0,
    });
    await killDuring(a, { setup, chain: "evm", match: isSend, when: "request", signed: afterRecord });
    // Recorded and never sent: the payment is processing with the signed bytes kept.
    expect((await statusesOf(setup, [afterRecord.paymentId]))[0]!.status).toBe("processing");
    expect((await submissionOf(setup, afterRecord.paymentId))!.rawTx).toMatch(/^0x02/);

    const b = await setup.start("b", CONFIRM_AND_WATCHER_ONLY);
    const afterSend = await signWithDevnetBuyer(b, {
      paymentId: await createPaymentAt(b, setup.merchant, "102"),
      namespace: "eip155",
      symbol: "USDC",
      buyerIndex: 1,
    });
    await killDuring(b, { setup, chain: "evm", match: isSend, when: "response", signed: afterSend });

    const c = await setup.start("c", CONFIRM_AND_WATCHER_ONLY);
    const beforeResult = await signWithDevnetBuyer(c, {
      paymentId: await createPaymentAt(c, setup.merchant, "103"),
      namespace: "eip155",
      symbol: "USDC",
      buyerIndex: 2,
    });
    const earlier = await hashesOf(setup, [afterRecord.paymentId, afterSend.paymentId]);
    await killDuring(c, {
      setup,
      chain: "evm",
      match: (call) => call.method === "eth_getTransactionReceipt" && !earlier.includes(String(call.params[0])),
      when: "response",
      signed: beforeResult,
    });

    const d = await setup.start("d");
    const ids = [afterRecord, afterSend, beforeResult].map((s) => s.paymentId);
    expect(await waitAll(setup, { ids, want: "succeeded" })).toEqual(
      Object.fromEntries(ids.map((id) => [id, "succeeded"])),
    );
    for (const signed of [afterRecord, afterSend, beforeResult]) await retryAnswers(d, signed);
    expect(await evmTokenBalance("USDC", setup.merchant.evmAddress)).toBe(before + 3_060_000n);
    const nonces = (
      await setup.db
        .select({ n: paymentSubmissions.relayNonce })
        .from(paymentSubmissions)
        .where(inArray(paymentSubmissions.paymentId, ids))
    ).map((r) => r.n);
    expect(nonces.sort()).toEqual([0, 1, 2]);
    // The chain agrees: the relayer sent exactly three transactions.
    expect(await evmClient().getTransactionCount({ address: setup.relayer })).toBe(3);
  });

  it("ERC-20 sent by the wallet: killed before the record, after it, and before the result", async () => {
    const setup = await proxiedSetup("crash_erc20");
    setups.push(setup);
    const before = await evmTokenBalance("USDT", setup.merchant.evmAddress);

    // The wallet's transfer is on chain before confirm: a crash while confirm verifies it leaves no
    // record, and the wallet's retry (after the restart) records and settles it.
    const a = await setup.start("a", CONFIRM_AND_WATCHER_ONLY);
    const beforeRecord = await signWithDevnetBuyer(a, {
      paymentId: await createPaymentAt(a, setup.merchant, "201"),
      namespace: "eip155",
      symbol: "USDT",
      buyerIndex: 0,
    });
    await killDuring(a, {
      setup,
      chain: "evm",
      match: (c) => c.method === "eth_getTransactionByHash" && c.params[0] === beforeRecord.result,
      when: "response",
      signed: beforeRecord,
    });
    expect((await statusesOf(setup, [beforeRecord.paymentId]))[0]!.status).toBe("pending");

    const b = await setup.start("b", CONFIRM_AND_WATCHER_ONLY);
    const afterRecord = await signWithDevnetBuyer(b, {
      paymentId: await createPaymentAt(b, setup.merchant, "202"),
      namespace: "eip155",
      symbol: "USDT",
      buyerIndex: 1,
    });
    await killDuring(b, {
      setup,
      chain: "evm",
      match: (c) => c.method === "eth_getTransactionReceipt" && c.params[0] === afterRecord.result,
      when: "request",
      signed: afterRecord,
    });
    expect((await statusesOf(setup, [afterRecord.paymentId]))[0]!.status).toBe("processing");

    const c = await setup.start("c", CONFIRM_AND_WATCHER_ONLY);
    const beforeResult = await signWithDevnetBuyer(c, {
      paymentId: await createPaymentAt(c, setup.merchant, "203"),
      namespace: "eip155",
      symbol: "USDT",
      buyerIndex: 2,
    });
    await killDuring(c, {
      setup,
      chain: "evm",
      match: (call) => call.method === "eth_getTransactionReceipt" && call.params[0] === beforeResult.result,
      when: "response",
      signed: beforeResult,
    });

    const d = await setup.start("d");
    await retryAnswers(d, beforeRecord);
    const ids = [beforeRecord, afterRecord, beforeResult].map((s) => s.paymentId);
    expect(await waitAll(setup, { ids, want: "succeeded" })).toEqual(
      Object.fromEntries(ids.map((id) => [id, "succeeded"])),
    );
    for (const signed of [afterRecord, beforeResult]) await retryAnswers(d, signed);
    expect(await evmTokenBalance("USDT", setup.merchant.evmAddress)).toBe(before + 6_060_000n);
  });

  it("Solana (co-signed and broadcast by the service): every payment succeeds once", async () => {
    const setup = await proxiedSetup("crash_solana");
    setups.push(setup);
    const before = await solanaUsdcOf(setup.merchant.solanaAddress);
    const isSend = (c: RpcCall) => c.method === "sendTransaction";

    const a = await setup.start("a", CONFIRM_AND_WATCHER_ONLY);
    const afterRecord = await signWithDevnetBuyer(a, {
      paymentId: await createPaymentAt(a, setup.merchant, "301"),
      namespace: "solana",
      symbol: "USDC",
      buyerIndex: 0,
    });
    await killDuring(a, { setup, chain: "solana", match: isSend, when: "request", signed: afterRecord });
    expect((await statusesOf(setup, [afterRecord.paymentId]))[0]!.status).toBe("processing");

    const b = await setup.start("b", CONFIRM_AND_WATCHER_ONLY);
    const afterSend = await signWithDevnetBuyer(b, {
      paymentId: await createPaymentAt(b, setup.merchant, "302"),
      namespace: "solana",
      symbol: "USDC",
      buyerIndex: 1,
    });
    await killDuring(b, { setup, chain: "solana", match: isSend, when: "response", signed: afterSend });

    const c = await setup.start("c", CONFIRM_AND_WATCHER_ONLY);
    const beforeResult = await signWithDevnetBuyer(c, {
      paymentId: await createPaymentAt(c, setup.merchant, "303"),
      namespace: "solana",
      symbol: "USDC",
      buyerIndex: 2,
    });
    const earlier = await hashesOf(setup, [afterRecord.paymentId, afterSend.paymentId]);
    await killDuring(c, {
      setup,
      chain: "solana",
      match: (call) => call.method === "getTransaction" && !earlier.includes(String(call.params[0])),
      when: "response",
      signed: beforeResult,
    });

    const d = await setup.start("d");
    const ids = [afterRecord, afterSend, beforeResult].map((s) => s.paymentId);
    expect(await waitAll(setup, { ids, want: "succeeded" })).toEqual(
      Object.fromEntries(ids.map((id) => [id, "succeeded"])),
    );
    for (const signed of [afterRecord, afterSend, beforeResult]) await retryAnswers(d, signed);
    expect(await solanaUsdcOf(setup.merchant.solanaAddress)).toBe(before + 9_060_000n);
  });
});
