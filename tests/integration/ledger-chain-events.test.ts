import { eq, inArray } from "drizzle-orm";
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  http,
  type Hash,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { chainTransfers, payments, webhookEvents } from "@/db/schema";
import { confirmAt, createPaymentAt, optionForDevnetBuyer } from "../support/devnet-buyer";
import { ownDevnet } from "../support/own-devnet";
import { kill, type ProxiedSetup } from "../support/proxied-servers";
import type { RunningServer } from "../support/server";

// What the chain does to money after the wallet sent it: a wallet "speeds up" its transfer, a reorg takes
// a counted transfer away and maybe brings it back, several instances scan one chain and one dies
// mid-scan. These stop anvil's mining or rewrite its history, so the file runs a devnet of its own.

const DROPPED_TX_TIMEOUT_S = 6;

const { info, anvil, newSetup } = ownDevnet("ledger-chain-events");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function chain() {
  const { evm } = info();
  const definition = defineChain({
    id: evm.chainIdNumber,
    name: "devnet",
    nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [evm.rpcUrl] } },
  });
  return { definition, client: createPublicClient({ chain: definition, transport: http(evm.rpcUrl) }) };
}

async function paymentOf(setup: ProxiedSetup, id: string) {
  const [row] = await setup.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(150);
  }
}

async function eventTypes(setup: ProxiedSetup, id: string) {
  const rows = await setup.db
    .select({ type: webhookEvents.type })
    .from(webhookEvents)
    .where(eq(webhookEvents.paymentId, id))
    .orderBy(webhookEvents.stateVersion);
  return rows.map((r) => r.type);
}

/** A USDT payment of `value` cents whose option buyer `buyer` sends (no confirm); its transaction hash. */
async function sendFor(
  server: RunningServer,
  { setup, value, buyer }: { setup: ProxiedSetup; value: string; buyer: number },
) {
  const paymentId = await createPaymentAt(server, setup.merchant, value);
  const { option, wallet } = await optionForDevnetBuyer(server, {
    paymentId,
    namespace: "eip155",
    symbol: "USDT",
    buyerIndex: buyer,
    devnet: info(),
  });
  const txHash = (await wallet(option.actions[0]!)) as Hash;
  return { paymentId, optionId: option.id, txHash };
}

/** A plain USDT transfer from a buyer to the merchant: no reference, bound to nothing. */
async function plainTransfer(setup: ProxiedSetup, buyer: number, amount: bigint): Promise<Hash> {
  const key = info().evm.buyers[buyer]!.privateKey as Hex;
  const { definition, client } = chain();
  const wallet = createWalletClient({ account: privateKeyToAccount(key), chain: definition, transport: http() });
  const hash = await wallet.sendTransaction({
    to: info().evm.tokens.find((t) => t.symbol === "USDT")!.address as Hex,
    data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [setup.merchant.evmAddress, amount] }),
  });
  await client.waitForTransactionReceipt({ hash });
  return hash;
}

describe("the ledger under what chains do", () => {
  it("a sped-up replacement (same nonce, higher fee, same input) settles the payment and names the replacement", async () => {
    const setup = await newSetup("ledger_speedup");
    const server = await setup.start("a", { DROPPED_TX_TIMEOUT_S: "600" });
    await anvil("evm_setAutomine", [false]);
    const sent = await sendFor(server, { setup, value: "2100", buyer: 0 });
    const confirmed = await confirmAt(server, {
      paymentId: sent.paymentId,
      optionId: sent.optionId,
      result: sent.txHash,
    });
    expect(confirmed?.status).toBe(200);
    expect((await paymentOf(setup, sent.paymentId)).status).toBe("processing");

    // The wallet's "speed up": the same transaction at the same nonce with twice the fees, which replaces it.
    const { client, definition } = chain();
    const original = await client.getTransaction({ hash: sent.txHash });
    const buyer = privateKeyToAccount(info().evm.buyers[0]!.privateKey as Hex);
    const wallet = createWalletClient({ account: buyer, chain: definition, transport: http() });
    const replacement = await wallet.sendTransaction({
      to: original.to!,
      data: original.input,
      nonce: original.nonce,
      gas: original.gas,
      maxFeePerGas: original.maxFeePerGas! * 2n,
      maxPriorityFeePerGas: original.maxPriorityFeePerGas! * 2n + 1n,
    });
    expect(replacement).not.toBe(sent.txHash);
    await anvil("evm_mine");
    await anvil("evm_setAutomine", [true]);

    const row = await until(
      () => paymentOf(setup, sent.paymentId),
      (p) => p.status !== "processing",
      15_000,
    );
    expect(row).toMatchObject({ status: "succeeded", txHash: replacement, exception: null });
    expect(await eventTypes(setup, sent.paymentId)).toEqual([
      "payment.created",
      "payment.processing",
      "payment.succeeded",
      "payment.settled",
    ]);
  }, 120_000);

  it("a reorg after success raises the exception and its event; the transfer mined again clears it", async () => {
    const setup = await newSetup("ledger_reorg");
    const server = await setup.start("a", { DROPPED_TX_TIMEOUT_S: "120" });
    const snapshot = await anvil<string>("evm_snapshot");
    const sent = await sendFor(server, { setup, value: "2200", buyer: 1 });
    const raw = await anvil<Hex>("eth_getRawTransactionByHash", [sent.txHash]);
    expect(
      (
        await until(
          () => paymentOf(setup, sent.paymentId),
          (p) => p.status === "succeeded",
          10_000,
        )
      ).status,
    ).toBe("succeeded");

    // The block holding the transfer is replaced by a longer chain without it.
    await anvil("evm_revert", [snapshot]);
    await anvil("anvil_mine", ["0x3"]);
    const reorged = await until(
      () => paymentOf(setup, sent.paymentId),
      (p) => p.exception === "reorged",
      10_000,
    );
    expect(reorged).toMatchObject({ status: "succeeded", exception: "reorged" });
    expect(await eventTypes(setup, sent.paymentId)).toContain("payment.reorged");

    // The same signed transaction is mined again: the payment is clean again.
    await anvil("eth_sendRawTransaction", [raw]);
    const back = await until(
      () => paymentOf(setup, sent.paymentId),
      (p) => p.exception === null,
      10_000,
    );
    expect(back).toMatchObject({ status: "succeeded", exception: null, txHash: sent.txHash });
    const [transfer] = await setup.db.select().from(chainTransfers).where(eq(chainTransfers.paymentId, sent.paymentId));
    expect(["counted", "final"]).toContain(transfer!.state);
  }, 120_000);

  it("a reorged transfer that is not mined again within the timeout fails the payment", async () => {
    const setup = await newSetup("ledger_reorg_lost");
    const server = await setup.start("a", { DROPPED_TX_TIMEOUT_S: String(DROPPED_TX_TIMEOUT_S) });
    const snapshot = await anvil<string>("evm_snapshot");
    const sent = await sendFor(server, { setup, value: "2300", buyer: 2 });
    await until(
      () => paymentOf(setup, sent.paymentId),
      (p) => p.status === "succeeded",
      10_000,
    );
    await anvil("evm_revert", [snapshot]);
    await anvil("anvil_mine", ["0x3"]);

    const failed = await until(
      () => paymentOf(setup, sent.paymentId),
      (p) => p.status === "failed",
      (DROPPED_TX_TIMEOUT_S + 15) * 1000,
    );
    expect(failed).toMatchObject({ status: "failed", exception: "reorged" });
    expect(failed.failureReason).toMatch(/reorganisation/);
    expect(await eventTypes(setup, sent.paymentId)).toEqual(
      expect.arrayContaining(["payment.succeeded", "payment.reorged", "payment.failed"]),
    );
  }, 120_000);

  it("two instances scanning one network record every transfer once; a scanner killed mid-range misses none", async () => {
    const setup = await newSetup("ledger_instances");
    const lease = { LEDGER_LEASE_MS: "3000" };
    const a = await setup.start("a", lease);
    const b = await setup.start("b", lease);
    const sent = [];
    for (let i = 0; i < 6; i++)
      sent.push(await sendFor(i % 2 ? a : b, { setup, value: String(2400 + i), buyer: i % 3 }));
    const plain = await plainTransfer(setup, 0, 1234n);
    const ids = sent.map((s) => s.paymentId);
    const settled = await until(
      () => setup.db.select().from(payments).where(inArray(payments.id, ids)),
      (rows) => rows.every((r) => r.status === "succeeded"),
      15_000,
    );
    expect(settled.map((r) => r.status)).toEqual(ids.map(() => "succeeded"));

    // Only instance b is left; its scan's read of the logs is held at the proxy, then b dies mid-range.
    await a.stop();
    const held = setup.evm.holdNext((call) => call.method === "eth_getLogs", "response");
    const late = [];
    for (let i = 0; i < 3; i++) late.push(await sendFor(b, { setup, value: String(2500 + i), buyer: i }));
    const latePlain = await plainTransfer(setup, 1, 4321n);
    await held;
    kill(b);
    // Nothing was recorded by the instance that died, and a new one resumes from the cursor once its lease ends.
    const c = await setup.start("c", lease);
    const lateIds = late.map((s) => s.paymentId);
    const resumed = await until(
      () => setup.db.select().from(payments).where(inArray(payments.id, lateIds)),
      (rows) => rows.every((r) => r.status === "succeeded"),
      20_000,
    );
    expect(resumed.map((r) => r.status)).toEqual(lateIds.map(() => "succeeded"));
    await c.stop();

    const hashes = [...sent, ...late].map((s) => s.txHash).concat([plain, latePlain]);
    const recorded = await setup.db.select().from(chainTransfers).where(inArray(chainTransfers.txHash, hashes));
    expect(recorded.map((t) => t.txHash).sort()).toEqual([...hashes].sort());
    expect(
      recorded
        .filter((t) => t.match === "unmatched")
        .map((t) => t.txHash)
        .sort(),
    ).toEqual([plain, latePlain].sort());
    // Each payment announced its success once.
    for (const id of [...ids, ...lateIds]) {
      const types = await eventTypes(setup, id);
      expect(types.filter((t) => t === "payment.succeeded")).toHaveLength(1);
    }
  }, 120_000);
});
