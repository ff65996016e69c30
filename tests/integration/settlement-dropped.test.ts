import { eq, inArray } from "drizzle-orm";
import { createPublicClient, http, type Address, type Hash } from "viem";
import { describe, expect, it } from "vitest";
import { payments, paymentSubmissions } from "@/db/schema";
import { evmTokenBalance } from "../support/balances";
import { confirmAt, createPaymentAt, gatewayAt, signWithDevnetBuyer, type Signed } from "../support/pay-steps";
import { ownDevnet } from "../support/own-devnet";
import type { ProxiedSetup } from "../support/proxied-servers";
import type { RunningServer } from "../support/server";

// The watcher's handling of transactions a chain does not mine: dropped wallet transfers, a relay
// stuck under its fee, a relay queued behind nonces nobody sends. These need anvil with automine off
// and its mempool emptied on demand, which would break every test sharing the suite's devnet, so
// this file runs a devnet of its own and app instances on scratch databases pointed at it.

const DROPPED_TX_TIMEOUT_S = 8;
const RELAY_BUMP_AFTER_S = 3;

const { info, anvil, newSetup } = ownDevnet("settlement-dropped");

const chain = () => createPublicClient({ transport: http(info().evm.rpcUrl) });
const balance = (symbol: string, owner: string) => evmTokenBalance(symbol, owner, info().evm);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = (at: number) => sleep(Math.max(0, at - Date.now()));

async function rowsOf(setup: ProxiedSetup, ids: string[]) {
  return setup.db
    .select({
      id: payments.id,
      status: payments.status,
      txHash: payments.txHash,
      finalizedAt: payments.finalizedAt,
      outcome: paymentSubmissions.outcome,
    })
    .from(payments)
    .leftJoin(paymentSubmissions, eq(paymentSubmissions.paymentId, payments.id))
    .where(inArray(payments.id, ids));
}

async function submissionOf(setup: ProxiedSetup, id: string) {
  const [row] = await setup.db.select().from(paymentSubmissions).where(eq(paymentSubmissions.paymentId, id));
  return row!;
}

/** Poll the database until every payment is final (or the time is up); their rows as they stand then. */
async function waitFinal(setup: ProxiedSetup, ids: string[], ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const rows = await rowsOf(setup, ids);
    if (rows.every((r) => r.status !== "processing") || Date.now() > deadline) return rows;
    await sleep(100);
  }
}

/** Pay one payment as a devnet buyer's wallet would (options, sign or send, confirm); the confirm must answer processing. */
async function pay(
  server: RunningServer,
  { setup, value, symbol, buyer }: { setup: ProxiedSetup; value: string; symbol: "USDC" | "USDT"; buyer: number },
): Promise<Signed> {
  const paymentId = await createPaymentAt(server, setup.merchant, value);
  const signed = await signWithDevnetBuyer(server, {
    paymentId,
    namespace: "eip155",
    symbol,
    buyerIndex: buyer,
    devnet: info(),
  });
  const res = await confirmAt(server, signed);
  expect(res?.status, `confirm of ${paymentId}`).toBe(200);
  expect(((await res!.json()) as { status: string }).status).toBe("processing");
  return signed;
}

/** Milliseconds from the wallet's confirm until the payment reads succeeded (the wallet's part, signing or sending, not counted). */
async function payAndTime(
  server: RunningServer,
  { setup, value, symbol, buyer }: { setup: ProxiedSetup; value: string; symbol: "USDC" | "USDT"; buyer: number },
) {
  const paymentId = await createPaymentAt(server, setup.merchant, value);
  const signed = await signWithDevnetBuyer(server, {
    paymentId,
    namespace: "eip155",
    symbol,
    buyerIndex: buyer,
    devnet: info(),
  });
  const started = Date.now();
  const res = await confirmAt(server, signed);
  expect(res?.status).toBe(200);
  const [row] = await waitFinal(setup, [paymentId], 20_000);
  return { signed, status: row!.status, ms: Date.now() - started };
}

/** Base units of a USD stablecoin (6 decimals) for a payment of `cents`. */
const units = (cents: number) => BigInt(cents) * 10_000n;

const NONCE_PASSED =
  "failed: the payer's nonce moved past the transaction without it being mined, and no replacement reached the merchant";
const DROPPED = /^failed: dropped: unknown to the network for (\d+) s$/;

describe("the watcher with transactions the chain does not mine", () => {
  it("30 payments on dropped wallet transfers delay no new payment, and end failed after the timeout with no money moved", async () => {
    const setup = await newSetup("dropped_wallet");
    const server = await setup.start("a", { DROPPED_TX_TIMEOUT_S: String(DROPPED_TX_TIMEOUT_S) });
    const merchant = setup.merchant.evmAddress;
    const [usdtBefore, usdcBefore] = [await balance("USDT", merchant), await balance("USDC", merchant)];

    // Each buyer's wallet sends its ten transfers one after another (consecutive nonces); the
    // chain mines none of them, and confirm finds and records each in the mempool.
    await anvil("evm_setAutomine", [false]);
    const stuck = (
      await Promise.all(
        [0, 1, 2].map(async (buyer) => {
          const paid: Signed[] = [];
          for (let i = 0; i < 10; i++)
            paid.push(await pay(server, { setup, value: String(1000 + buyer * 10 + i), symbol: "USDT", buyer }));
          return paid;
        }),
      )
    ).flat();
    const stuckIds = stuck.map((s) => s.paymentId);
    expect(new Set((await rowsOf(setup, stuckIds)).map((r) => r.status))).toEqual(new Set(["processing"]));

    // The node forgets them all (as a node restart or a full mempool would), and mines again.
    await anvil("anvil_dropAllTransactions");
    await anvil("evm_setAutomine", [true]);
    const droppedAt = Date.now();

    // New payments are not held up by the 30: one relayed (EIP-3009), one sent by buyer 0's
    // wallet, whose nonce is now the first of its dropped ten.
    const relay = await payAndTime(server, { setup, value: "777", symbol: "USDC", buyer: 1 });
    const transfer = await payAndTime(server, { setup, value: "888", symbol: "USDT", buyer: 0 });
    console.log(`new payments after the drop: relay succeeded in ${relay.ms} ms, wallet transfer in ${transfer.ms} ms`);
    expect(relay.status).toBe("succeeded");
    expect(transfer.status).toBe("succeeded");
    expect(relay.ms).toBeLessThan(5_000);
    expect(transfer.ms).toBeLessThan(5_000);

    // The one dropped transfer whose nonce the new transfer took can never be mined: the watcher
    // may fail it at once. Every other one is still processing, and stays so until the timeout.
    const { nonce: reused } = await chain().getTransaction({ hash: transfer.signed.result as Hash });
    const buyer0Ids = stuckIds.slice(0, 10);
    const takenOver = (
      await setup.db.select().from(paymentSubmissions).where(inArray(paymentSubmissions.paymentId, buyer0Ids))
    ).filter((s) => s.payerNonce === reused);
    expect(takenOver).toHaveLength(1);
    const takenOverId = takenOver[0]!.paymentId;
    const waiting = stuckIds.filter((id) => id !== takenOverId);
    expect((await rowsOf(setup, waiting)).filter((r) => r.status !== "processing")).toEqual([]);

    // Checked with backoff while unseen, not at every watcher pass (5 a second): count the
    // receipt lookups they cost until just before the timeout.
    setup.evm.resetCounts();
    const lookupFrom = Date.now();
    await until(droppedAt + (DROPPED_TX_TIMEOUT_S - 1.5) * 1000);
    const lookups = setup.evm.counts.get("eth_getTransactionReceipt") ?? 0;
    const perSecond = lookups / waiting.length / ((Date.now() - lookupFrom) / 1000);
    console.log(
      `receipt lookups while unseen: ${lookups} in ${Date.now() - lookupFrom} ms (${perSecond.toFixed(2)} per payment per second)`,
    );
    expect(perSecond).toBeLessThan(1.5);
    expect((await rowsOf(setup, waiting)).filter((r) => r.status !== "processing")).toEqual([]);

    const final = await waitFinal(setup, stuckIds, (DROPPED_TX_TIMEOUT_S + 30) * 1000);
    expect(final.filter((r) => r.status !== "failed")).toEqual([]);
    const failedAfter = final
      .filter((r) => r.id !== takenOverId)
      .map((r) => (r.finalizedAt!.getTime() - droppedAt) / 1000);
    console.log(
      `dropped payments failed ${Math.min(...failedAfter).toFixed(1)}-${Math.max(...failedAfter).toFixed(1)} s after the drop (timeout ${DROPPED_TX_TIMEOUT_S} s)`,
    );
    expect(final.find((r) => r.id === takenOverId)!.outcome).toBe(NONCE_PASSED);
    for (const row of final.filter((r) => r.id !== takenOverId)) {
      expect(row.outcome).toMatch(DROPPED);
      expect(Number(DROPPED.exec(row.outcome!)![1])).toBeGreaterThanOrEqual(DROPPED_TX_TIMEOUT_S);
      expect(row.finalizedAt!.getTime() - droppedAt).toBeGreaterThanOrEqual(DROPPED_TX_TIMEOUT_S * 1000);
    }

    // The buyer's wallet, polling, reads them final.
    for (const id of [takenOverId, waiting[0]!]) {
      const status = (await (await gatewayAt(server, { paymentId: id, path: "/status" })).json()) as {
        status: string;
        isFinal: boolean;
      };
      expect(status).toMatchObject({ status: "failed", isFinal: true });
    }

    // Only the two new payments reached the merchant.
    expect(await balance("USDT", merchant)).toBe(usdtBefore + units(888));
    expect(await balance("USDC", merchant)).toBe(usdcBefore + units(777));
  }, 120_000);

  it("a relay stuck in the mempool is re-sent at a higher fee with the same nonce, and settles once", async () => {
    const setup = await newSetup("dropped_bump");
    const server = await setup.start("a", { RELAY_BUMP_AFTER_S: String(RELAY_BUMP_AFTER_S) });
    const merchant = setup.merchant.evmAddress;
    const usdcBefore = await balance("USDC", merchant);
    const relayerNonce = await chain().getTransactionCount({ address: setup.relayer });

    await anvil("evm_setAutomine", [false]);
    const { paymentId } = await pay(server, { setup, value: "1500", symbol: "USDC", buyer: 2 });
    const first = await submissionOf(setup, paymentId);
    expect(first.relayNonce).toBe(relayerNonce);
    expect(first.sentAt).not.toBeNull();
    expect((await chain().getTransaction({ hash: first.txHash as Hash })).blockNumber).toBeNull();

    // Pending for half of RELAY_BUMP_AFTER_S, it is left alone; once it has waited that long, the watcher re-signs it.
    const sentAt = first.sentAt!.getTime();
    await until(sentAt + RELAY_BUMP_AFTER_S * 500);
    expect((await submissionOf(setup, paymentId)).replacedHashes).toEqual([]);
    let bumped = first;
    while (bumped.replacedHashes.length === 0 && Date.now() - sentAt < 20_000) {
      await sleep(100);
      bumped = await submissionOf(setup, paymentId);
    }
    console.log(`relay bumped within ${Date.now() - sentAt} ms of its send (RELAY_BUMP_AFTER_S ${RELAY_BUMP_AFTER_S})`);
    expect(bumped.replacedHashes[0]).toBe(first.txHash);
    expect(bumped.txHash).not.toBe(first.txHash);
    expect(bumped.relayNonce).toBe(first.relayNonce);
    // Nodes replace a pending transaction only for at least 10% more on both fees.
    expect(BigInt(bumped.maxFeePerGas!) * 10n).toBeGreaterThanOrEqual(BigInt(first.maxFeePerGas!) * 11n);
    expect(BigInt(bumped.maxPriorityFeePerGas!) * 10n).toBeGreaterThanOrEqual(
      BigInt(first.maxPriorityFeePerGas!) * 11n,
    );

    // What the node holds is the new version, at the same nonce and the recorded fee.
    const held = await waitFor(() =>
      chain()
        .getTransaction({ hash: bumped.txHash as Hash })
        .catch(() => undefined),
    );
    expect(held.nonce).toBe(first.relayNonce);
    expect(held.maxFeePerGas).toBe(BigInt(bumped.maxFeePerGas!));
    expect((await rowsOf(setup, [paymentId]))[0]!.status).toBe("processing");

    await anvil("evm_mine");
    await anvil("evm_setAutomine", [true]);
    const [row] = await waitFinal(setup, [paymentId], 20_000);
    expect(row!.status).toBe("succeeded");

    // Exactly one version was mined, it is the one the payment names, and the money moved once.
    const current = await submissionOf(setup, paymentId);
    const versions = [current.txHash, ...current.replacedHashes];
    const mined = (
      await Promise.all(
        versions.map((hash) =>
          chain()
            .getTransactionReceipt({ hash: hash as Hash })
            .catch(() => undefined),
        ),
      )
    ).filter(Boolean);
    console.log(`versions ${versions.length}, mined ${mined.map((r) => r!.transactionHash).join(", ")}`);
    expect(mined).toHaveLength(1);
    expect(row!.txHash).toBe(mined[0]!.transactionHash);
    expect(await balance("USDC", merchant)).toBe(usdcBefore + units(1500));
    expect(await chain().getTransactionCount({ address: setup.relayer })).toBe(relayerNonce + 1);
  });

  it("a relay not mined yet at the watcher's first look costs a receipt read only; later looks ask whether the node knows it", async () => {
    // Issue 29 (RPC calls per EIP-3009 payment): under a burst the receipt is often not there at the
    // first check, and asking the node whether it knows a relay just sent tells nothing new.
    const calls: { method: string; hash: string }[] = [];
    const setup = await newSetup("dropped_first_look", {
      evmTap: (call) => calls.push({ method: call.method, hash: String(call.params[0]).toLowerCase() }),
    });
    const server = await setup.start("a");
    const merchant = setup.merchant.evmAddress;
    const usdcBefore = await balance("USDC", merchant);

    await anvil("evm_setAutomine", [false]);
    const { paymentId } = await pay(server, { setup, value: "1600", symbol: "USDC", buyer: 1 });
    const { txHash } = await submissionOf(setup, paymentId);
    const lookups = () =>
      calls
        .filter((c) => c.hash === txHash.toLowerCase())
        .map((c) => c.method)
        .filter((m) => m === "eth_getTransactionReceipt" || m === "eth_getTransactionByHash");
    // Let a few checks pass with the relay in the mempool.
    await waitFor(async () => (lookups().includes("eth_getTransactionByHash") ? true : undefined));
    const seen = lookups();
    console.log(`looks at an unmined relay: ${seen.join(", ")}`);
    expect(seen.slice(0, 3)).toEqual([
      "eth_getTransactionReceipt",
      "eth_getTransactionReceipt",
      "eth_getTransactionByHash",
    ]);
    expect((await rowsOf(setup, [paymentId]))[0]!.status).toBe("processing");

    await anvil("evm_mine");
    await anvil("evm_setAutomine", [true]);
    const [row] = await waitFinal(setup, [paymentId], 20_000);
    expect(row).toMatchObject({ status: "succeeded", txHash });
    expect(await balance("USDC", merchant)).toBe(usdcBefore + units(1600));
  });

  it("after first looks that found relays not mined yet, the instance looks later at the next relay it sends", async () => {
    // Issue 29 (RPC calls per EIP-3009 payment): a chain mining behind the sends makes the first look
    // after FIRST_CHECK_MS (200 ms) a receipt read spent for nothing; five such misses take the
    // instance's first look to 200 ms x 1.5^5 = 1,519 ms (lib/submissions/first-check-delay.ts).
    const calls: { method: string; hash: string; at: number }[] = [];
    const setup = await newSetup("dropped_first_delay", {
      evmTap: (call) => calls.push({ method: call.method, hash: String(call.params[0]).toLowerCase(), at: Date.now() }),
    });
    const server = await setup.start("a");
    const looksAt = (hash: string, method: string) =>
      calls.filter((c) => c.hash === hash.toLowerCase() && c.method === method).map((c) => c.at);

    await anvil("evm_setAutomine", [false]);
    const unmined: Signed[] = [];
    for (let i = 0; i < 5; i++) unmined.push(await pay(server, { setup, value: "1700", symbol: "USDC", buyer: 2 }));
    const hashes = await Promise.all(unmined.map(async (s) => (await submissionOf(setup, s.paymentId)).txHash));
    // Each relay's second look (the first asks only for its receipt) shows its first has been made, and missed.
    await waitFor(async () =>
      hashes.every((h) => looksAt(h, "eth_getTransactionByHash").length > 0) ? true : undefined,
    );
    await anvil("evm_mine");
    await anvil("evm_setAutomine", [true]);
    const ids = unmined.map((s) => s.paymentId);
    expect((await waitFinal(setup, ids, 20_000)).map((r) => r.status)).toEqual(ids.map(() => "succeeded"));

    const answered = Date.now();
    const next = await pay(server, { setup, value: "1700", symbol: "USDC", buyer: 2 });
    const { txHash } = await submissionOf(setup, next.paymentId);
    await waitFor(async () => (looksAt(txHash, "eth_getTransactionReceipt").length > 0 ? true : undefined));
    const sentAt = Math.max(...calls.filter((c) => c.method === "eth_sendRawTransaction").map((c) => c.at));
    const firstLookMs = looksAt(txHash, "eth_getTransactionReceipt")[0]! - sentAt;
    console.log(
      `first look at the next relay ${firstLookMs} ms after its send (confirm answered ${Date.now() - answered} ms on)`,
    );
    expect(sentAt).toBeGreaterThanOrEqual(answered);
    expect(firstLookMs).toBeGreaterThanOrEqual(1_400);
    expect((await waitFinal(setup, [next.paymentId], 20_000))[0]!.status).toBe("succeeded");
  });

  it("relays queued behind relayer nonces nobody will send (a chain reset under a kept database) are unblocked by no-op fillers", async () => {
    const setup = await newSetup("dropped_gap");
    const merchant = setup.merchant.evmAddress;
    const relayer = setup.relayer;
    const a = await setup.start("a");
    const resetTo = await anvil<string>("evm_snapshot");
    const resetBlock = await chain().getBlockNumber();
    const usdcAtReset = await balance("USDC", merchant);

    // Two relays are mined (nonces 0 and 1), a third waits in the mempool (nonce 2).
    const mined = [
      await pay(a, { setup, value: "2100", symbol: "USDC", buyer: 0 }),
      await pay(a, { setup, value: "2200", symbol: "USDC", buyer: 1 }),
    ];
    expect(
      (
        await waitFinal(
          setup,
          mined.map((s) => s.paymentId),
          20_000,
        )
      ).map((r) => r.status),
    ).toEqual(["succeeded", "succeeded"]);
    // The ledger may settle a relay's payment before the watcher closes its record of the relay: wait for
    // that too, so these two are done with as the scenario says (an open record's relay is resent, not filled).
    while ((await Promise.all(mined.map((s) => submissionOf(setup, s.paymentId)))).some((r) => r.state === "open"))
      await sleep(100);
    await anvil("evm_setAutomine", [false]);
    const waiting = await pay(a, { setup, value: "2300", symbol: "USDC", buyer: 2 });
    expect((await submissionOf(setup, waiting.paymentId)).relayNonce).toBe(2);

    // The chain goes back to before them, mempool and all, as a devnet restarted without its data,
    // while the database keeps everything; the service comes back up on it.
    await a.stop();
    await anvil("evm_revert", [resetTo]);
    // evm_revert also winds anvil's clock back to the snapshot; a restarted devnet mines at the current time.
    await anvil("evm_setTime", [Math.ceil(Date.now() / 1000)]);
    await anvil("anvil_dropAllTransactions");
    await anvil("evm_setAutomine", [true]);
    expect(await chain().getTransactionCount({ address: relayer, blockTag: "pending" })).toBe(0);
    const b = await setup.start("b");

    // A new relay takes the nonce after the open one (3): behind it, 0 and 1 belong to payments
    // that are final, so no watcher resends them.
    const started = Date.now();
    const next = await pay(b, { setup, value: "2400", symbol: "USDC", buyer: 0 });
    expect((await submissionOf(setup, next.paymentId)).relayNonce).toBe(3);
    const ids = [waiting.paymentId, next.paymentId];
    const final = await waitFinal(setup, ids, 30_000);
    console.log(`queued relays settled ${Date.now() - started} ms after the new confirm`);
    expect(final.map((r) => r.status)).toEqual(["succeeded", "succeeded"]);

    // The relayer's nonces 0 and 1 went to no-op transfers to itself, 2 and 3 to the two relays.
    const sent = await relayerTransactions(relayer, resetBlock);
    expect(sent.map((tx) => tx.nonce)).toEqual([0, 1, 2, 3]);
    for (const filler of sent.slice(0, 2)) {
      expect(filler.to?.toLowerCase()).toBe(relayer.toLowerCase());
      expect(filler.value).toBe(0n);
      expect(filler.input).toBe("0x");
    }
    const settled = await rowsOf(setup, ids);
    expect(
      sent
        .slice(2)
        .map((tx) => tx.hash)
        .sort(),
    ).toEqual(settled.map((r) => r.txHash).sort());
    // The reset took the first two payments' money back; the two settled after it arrived once each.
    expect(await balance("USDC", merchant)).toBe(usdcAtReset + units(2300) + units(2400));
  });

  it("a wallet transfer the node keeps but never mines ends failed as stuck at the deadline; mined later, it is paid late", async () => {
    const deadlineS = 10;
    const setup = await newSetup("stuck_wallet");
    const server = await setup.start("a", { PROCESSING_DEADLINE_S: String(deadlineS), DROPPED_TX_TIMEOUT_S: "600" });
    await anvil("evm_setAutomine", [false]);
    const signed = await pay(server, { setup, value: "1900", symbol: "USDT", buyer: 2 });
    const recordedAt = Date.now();
    // Known to the node the whole time (pending, not dropped): without a deadline it would stay processing.
    const stuck = await waitFinal(setup, [signed.paymentId], (deadlineS + 20) * 1000);
    expect(stuck[0]).toMatchObject({ status: "failed" });
    expect(Date.now() - recordedAt).toBeGreaterThanOrEqual(deadlineS * 1000 - 500);
    const [row] = await setup.db.select().from(payments).where(eq(payments.id, signed.paymentId));
    expect(row).toMatchObject({ status: "failed", exception: "stuck" });
    expect(await chain().getTransaction({ hash: signed.result as Hash })).toBeTruthy();

    // The chain mines it after all: the money reached the merchant, recorded as paid late for the merchant to resolve.
    await anvil("evm_setAutomine", [true]);
    await anvil("evm_mine");
    const late = await waitFor(async () => {
      const [p] = await setup.db.select().from(payments).where(eq(payments.id, signed.paymentId));
      return p?.exception === "paid_late" ? p : undefined;
    }, 15_000);
    expect(late).toMatchObject({ status: "failed", exception: "paid_late", txHash: signed.result });
  }, 90_000);
});

async function waitFor<T>(read: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await sleep(100);
  }
}

/** Every transaction `relayer` sent in blocks after `afterBlock`, in nonce order. */
async function relayerTransactions(relayer: Address, afterBlock: bigint) {
  const client = chain();
  const latest = await client.getBlockNumber();
  const txs = [];
  for (let n = afterBlock + 1n; n <= latest; n++) {
    const block = await client.getBlock({ blockNumber: n, includeTransactions: true });
    txs.push(...block.transactions.filter((tx) => tx.from.toLowerCase() === relayer.toLowerCase()));
  }
  return txs.sort((x, y) => x.nonce - y.nonce);
}
