import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chainTransfers, payments, paymentSubmissions, serviceFees } from "@/db/schema";
import type { ObservedTransfer } from "@/lib/chains/chain-adapter";
import type { NetworkConfig } from "@/lib/chains/network-config";
import { finishInBatch } from "@/lib/settlement/finish-queue";
import type { Outcome } from "@/lib/settlement/finish-submission";
import { newMerchant } from "../support/api";
import { testDb } from "../support/db";
import { paid, seedPayment, seedRecordedRelay } from "../support/seed";

const CHAIN = "eip155:31337";
const network = { chainId: CHAIN } as NetworkConfig;
const hash = () => `0x${randomBytes(32).toString("hex")}`;

/** A payment the watcher is watching: processing (or settled by the ledger already), with its open submission. */
function processing(merchantId: string, status: "processing" | "succeeded" = "processing") {
  return seedRecordedRelay(merchantId, { ...paid("0xd1", CHAIN), status, chainId: CHAIN });
}

/** What the watcher hands over for a relay it saw land: the fee its key paid and the transfer. */
function landed(merchantId: string, paymentId: string, txHash: string): Outcome {
  const transfer: ObservedTransfer = {
    txHash,
    position: 0,
    blockNumber: 7n,
    blockHash: hash(),
    blockTime: new Date(),
    sender: "0x00000000000000000000000000000000000000b1",
    recipient: "0x00000000000000000000000000000000000000a1",
    asset: `${CHAIN}/erc20:0x0000000000000000000000000000000000000001`,
    amount: 10_000_000n,
    references: [],
  };
  return {
    status: "succeeded",
    txHash,
    fees: { network, paid: [{ kind: "network_fee", txHash, amount: 21_000n }], owner: { merchantId, currency: "USD" } },
    landed: { chainId: CHAIN, transfer, optionId: `opt_${paymentId}`, merchantId },
  };
}

/**
 * The watcher's group commit (lib/settlement/finish-queue.ts, finish-settled.ts): successes seen at
 * the same time are written in one transaction, each payment still under its own guard, and a
 * batch that fails is written one by one so one payment's error stays its own.
 */
describe("finishing settled payments together", () => {
  it("settles each in one transaction, closing its submission and recording its fee and transfer", async () => {
    const { db } = testDb();
    const m = await newMerchant();
    const fresh = await Promise.all([1, 2, 3, 4].map(() => processing(m.merchantId)));
    // The ledger settled this one from the chain already: left as it is, and its submission says so.
    const settled = await processing(m.merchantId, "succeeded");
    const all = [...fresh, settled];
    await Promise.all(all.map((p) => finishInBatch(db, p.paymentId, landed(m.merchantId, p.paymentId, p.txHash))));

    const ids = all.map((p) => p.paymentId);
    const rows = await db.select().from(payments).where(inArray(payments.id, ids));
    expect(rows.every((r) => r.status === "succeeded")).toBe(true);
    // One transaction: one now() for every payment it settled (alone, each had its own).
    const settledAt = new Set(rows.filter((r) => r.id !== settled.paymentId).map((r) => r.finalizedAt!.getTime()));
    expect(settledAt.size).toBe(1);
    const submissions = await db.select().from(paymentSubmissions).where(inArray(paymentSubmissions.paymentId, ids));
    expect(submissions.every((s) => s.state === "closed")).toBe(true);
    expect(submissions.find((s) => s.paymentId === settled.paymentId)!.outcome).toBe(
      "succeeded (the payment was already final)",
    );
    expect(submissions.filter((s) => s.outcome === "succeeded")).toHaveLength(fresh.length);
    const fees = await db.select().from(serviceFees).where(inArray(serviceFees.paymentId, ids));
    expect(fees.map((f) => f.paymentId).sort()).toEqual([...ids].sort());
    expect(fees.every((f) => f.nativeAmount === "21000" && f.merchantId === m.merchantId)).toBe(true);
    const transfers = await db.select().from(chainTransfers).where(inArray(chainTransfers.paymentId, ids));
    expect(transfers.map((t) => t.paymentId).sort()).toEqual([...ids].sort());
    expect(transfers.every((t) => t.state === "counted" && t.match === "bound")).toBe(true);
  });

  it("a batch that fails is written one by one: the others settle, the failing one gets its own error", async () => {
    const { db } = testDb();
    const m = await newMerchant();
    const good = await Promise.all([1, 2, 3].map(() => processing(m.merchantId)));
    const bad = await processing(m.merchantId);
    // Its transaction hash already settles another payment on this chain (payments_chain_tx_unique).
    const taken = await seedPayment(m.merchantId, { ...paid("0xd2", CHAIN), txHash: hash() });
    const [takenRow] = await db.select().from(payments).where(eq(payments.id, taken));
    const results = await Promise.allSettled([
      ...good.map((p) => finishInBatch(db, p.paymentId, landed(m.merchantId, p.paymentId, p.txHash))),
      finishInBatch(db, bad.paymentId, { status: "succeeded", txHash: takenRow!.txHash! }),
    ]);
    expect(results.slice(0, 3).every((r) => r.status === "fulfilled")).toBe(true);
    expect(results[3]!.status).toBe("rejected");
    const rows = await db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.id,
          [...good, bad].map((p) => p.paymentId),
        ),
      );
    expect(
      rows
        .filter((r) => r.status === "succeeded")
        .map((r) => r.id)
        .sort(),
    ).toEqual(good.map((p) => p.paymentId).sort());
    expect(rows.find((r) => r.id === bad.paymentId)!.status).toBe("processing");
    const [open] = await db.select().from(paymentSubmissions).where(eq(paymentSubmissions.paymentId, bad.paymentId));
    expect(open!.state).toBe("open");
  });
});
