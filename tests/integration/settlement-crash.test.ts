import { eq, inArray } from "drizzle-orm";
import { createPublicClient, http } from "viem";
import { describe, expect, inject, it } from "vitest";
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

// Each case kills a real app process (SIGKILL) at one step of one payment: before the transfer is
// recorded, after it is recorded (before it is sent), after it is sent (before confirm hears back), or
// before the watcher writes the result. The RPC proxy in front of the real chain holds the call that
// marks the step, so the kill lands exactly there; the chain itself is untouched. Another instance
// then finishes the work. Every case has a setup of its own (database, merchant, relayer key).

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

type CrashCase = {
  chain: "evm" | "solana";
  method: "EIP-3009 (relayed)" | "ERC-20 sent by the wallet" | "SPL (co-signed and broadcast by the service)";
  point: "before the record" | "after the record" | "after the send" | "before the result";
  symbol: "USDC" | "USDT";
  /** The call held while the server is killed, and whether it is held before or after the chain. */
  holds: (signed: Signed) => (c: RpcCall) => boolean;
  when: "request" | "response";
  /** Where the payment stands right after the kill (a wallet-sent transfer not yet recorded is still pending). */
  afterKill?: { status: "pending" | "processing"; rawTx?: RegExp };
  value: string;
  buyerIndex: number;
};

// A setup of its own sends and reads only this payment's transaction, so the first call of a method is the one.
const first = (method: string) => () => (c: RpcCall) => c.method === method;
// The wallet sent the transfer itself: its hash is the wallet's result.
const ofWalletTransfer = (method: string) => (signed: Signed) => (c: RpcCall) =>
  c.method === method && c.params[0] === signed.result;

const EIP3009 = { chain: "evm", method: "EIP-3009 (relayed)", symbol: "USDC" } as const;
const ERC20 = { chain: "evm", method: "ERC-20 sent by the wallet", symbol: "USDT" } as const;
const SPL = { chain: "solana", method: "SPL (co-signed and broadcast by the service)", symbol: "USDC" } as const;
const CASES: CrashCase[] = [
  {
    ...EIP3009,
    point: "after the record",
    holds: first("eth_sendRawTransaction"),
    when: "request",
    // Recorded and never sent: the payment is processing with the signed bytes kept.
    afterKill: { status: "processing", rawTx: /^0x02/ },
    value: "101",
    buyerIndex: 0,
  },
  {
    ...EIP3009,
    point: "after the send",
    holds: first("eth_sendRawTransaction"),
    when: "response",
    value: "102",
    buyerIndex: 1,
  },
  {
    ...EIP3009,
    point: "before the result",
    holds: first("eth_getTransactionReceipt"),
    when: "response",
    value: "103",
    buyerIndex: 2,
  },
  // The wallet's transfer is on chain before confirm: a crash while confirm verifies it leaves no
  // record, and the wallet's retry (after the restart) records and settles it.
  {
    ...ERC20,
    point: "before the record",
    holds: ofWalletTransfer("eth_getTransactionByHash"),
    when: "response",
    afterKill: { status: "pending" },
    value: "201",
    buyerIndex: 0,
  },
  {
    ...ERC20,
    point: "after the record",
    holds: ofWalletTransfer("eth_getTransactionReceipt"),
    when: "request",
    afterKill: { status: "processing" },
    value: "202",
    buyerIndex: 1,
  },
  {
    ...ERC20,
    point: "before the result",
    holds: ofWalletTransfer("eth_getTransactionReceipt"),
    when: "response",
    value: "203",
    buyerIndex: 2,
  },
  {
    ...SPL,
    point: "after the record",
    holds: first("sendTransaction"),
    when: "request",
    afterKill: { status: "processing" },
    value: "301",
    buyerIndex: 0,
  },
  { ...SPL, point: "after the send", holds: first("sendTransaction"), when: "response", value: "302", buyerIndex: 1 },
  { ...SPL, point: "before the result", holds: first("getTransaction"), when: "response", value: "303", buyerIndex: 2 },
];

const balanceOf = (row: CrashCase, merchant: ProxiedSetup["merchant"]) =>
  row.chain === "evm" ? evmTokenBalance(row.symbol, merchant.evmAddress) : solanaUsdcOf(merchant.solanaAddress);

// Each case starts three server processes one after another: minutes on a busy 2-core machine. The three
// cases of a method run at once (as many setups, and their database connections, as the suite had before).
const METHODS = [...new Set(CASES.map((c) => c.method))];
describe.each(METHODS)("settlement survives a crash at each step of a confirm: %s", (method) => {
  it.concurrent.each(CASES.filter((c) => c.method === method))(
    "on $chain, killed $point: the payment succeeds once",
    async (row) => {
      const setup = await proxiedSetup(`crash_${row.value}`);
      try {
        const before = await balanceOf(row, setup.merchant);

        const crashing = await setup.start("crashing", CONFIRM_AND_WATCHER_ONLY);
        const signed = await signWithDevnetBuyer(crashing, {
          paymentId: await createPaymentAt(crashing, setup.merchant, row.value),
          namespace: row.chain === "evm" ? "eip155" : "solana",
          symbol: row.symbol,
          buyerIndex: row.buyerIndex,
        });
        await killDuring(crashing, { setup, chain: row.chain, match: row.holds(signed), when: row.when, signed });
        if (row.afterKill) {
          expect((await statusesOf(setup, [signed.paymentId]))[0]!.status).toBe(row.afterKill.status);
          if (row.afterKill.rawTx)
            expect((await submissionOf(setup, signed.paymentId))!.rawTx).toMatch(row.afterKill.rawTx);
        }

        const recovering = await setup.start("recovering");
        // Nothing recorded: only the wallet's retry can make the payment known.
        const recordedByRetry = row.afterKill?.status === "pending";
        if (recordedByRetry) await retryAnswers(recovering, signed);
        expect(await waitAll(setup, { ids: [signed.paymentId], want: "succeeded" })).toEqual({
          [signed.paymentId]: "succeeded",
        });
        if (!recordedByRetry) await retryAnswers(recovering, signed);
        expect(await balanceOf(row, setup.merchant)).toBe(before + BigInt(row.value) * 10_000n);
        if (row.method === "EIP-3009 (relayed)") {
          const [submission] = await setup.db
            .select({ n: paymentSubmissions.relayNonce })
            .from(paymentSubmissions)
            .where(eq(paymentSubmissions.paymentId, signed.paymentId));
          expect(submission?.n).toBe(0);
          // The chain agrees: the relayer sent exactly one transaction.
          expect(await evmClient().getTransactionCount({ address: setup.relayer })).toBe(1);
        }
      } finally {
        await setup.close();
      }
    },
    180_000,
  );
});
