import { and, eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { chainTransfers } from "@/db/schema";
import { optionForDevnetBuyer } from "../support/devnet-buyer";
import { testDb } from "../support/db";
import { chainMerchant, newPayment, waitFinal } from "../support/gateway";
import { eventTypes, paymentRow, transfersOf, until } from "../support/ledger-reads";

// The ledger finds money on chain without the wallet's word: the buyer's wallet sends what the option
// built and the checkout never calls confirm (a closed tab, a suspended mobile browser). The devnet
// mines each transaction at once and counts it at 1 confirmation, so "confirmations + a few seconds"
// is a few seconds here.

const server = () => ({ url: inject("baseUrl") });
const DETECTED_WITHIN_MS = 8_000;

/** The buyer's wallet sends the option's transaction; nothing ever calls confirm. */
async function sendWithoutConfirm(symbol: "USDT" | "ETH", value: string, buyer: number) {
  const merchant = await chainMerchant({ evm: true });
  const { paymentId } = await newPayment(merchant, value);
  const { option, wallet } = await optionForDevnetBuyer(server(), {
    paymentId,
    namespace: "eip155",
    symbol,
    buyerIndex: buyer,
    devnet: inject("devnet"),
  });
  const sentAt = Date.now();
  const txHash = await wallet(option.actions[0]!);
  return { merchant, paymentId, option, wallet, txHash, sentAt };
}

describe("the ledger: payments found on chain", () => {
  it.each([
    ["USDT", "1234"],
    ["ETH", "2345"],
  ] as const)(
    "a %s transfer sent for a payment with no confirm ever made ends succeeded, naming its transaction",
    async (symbol, value) => {
      const { paymentId, txHash, sentAt } = await sendWithoutConfirm(symbol, value, 2);
      const status = await waitFinal(paymentId, DETECTED_WITHIN_MS + 2_000);
      const tookMs = Date.now() - sentAt;
      console.log(`${symbol} transfer found and the payment succeeded ${tookMs} ms after it was sent`);
      expect(status.status).toBe("succeeded");
      expect(tookMs).toBeLessThan(DETECTED_WITHIN_MS);

      const row = await paymentRow(paymentId);
      expect(row.txHash).toBe(txHash);
      expect(row.exception).toBeNull();
      const [transfer, ...more] = await transfersOf(paymentId);
      expect(more).toEqual([]);
      expect(transfer).toMatchObject({ txHash, match: "bound", asset: row.tokenCaip19, amount: row.tokenAmount });
      expect(["counted", "final"]).toContain(transfer!.state);
      expect(await eventTypes(paymentId)).toEqual(["payment.created", "payment.succeeded", "payment.settled"]);
    },
  );

  it("a second bound transfer (the wallet sent twice) is recorded as a duplicate exception with its event", async () => {
    const { paymentId, option, wallet, txHash } = await sendWithoutConfirm("USDT", "1500", 2);
    expect((await waitFinal(paymentId, DETECTED_WITHIN_MS)).status).toBe("succeeded");
    const again = await wallet(option.actions[0]!);
    expect(again).not.toBe(txHash);

    const row = await until(
      () => paymentRow(paymentId),
      (p) => p.exception !== null,
      DETECTED_WITHIN_MS,
    );
    expect(row).toMatchObject({ status: "succeeded", exception: "duplicate", txHash });
    const transfers = await transfersOf(paymentId);
    expect(transfers.map((t) => t.txHash).sort()).toEqual([txHash, again].sort());
    expect(await eventTypes(paymentId)).toEqual([
      "payment.created",
      "payment.succeeded",
      "payment.settled",
      "payment.duplicate",
    ]);
  });

  it("a transfer for another payment's option never pays this one, and each transfer is recorded once", async () => {
    const merchant = await chainMerchant({ evm: true });
    const first = await newPayment(merchant, "1600");
    const second = await newPayment(merchant, "1600");
    const { option, wallet } = await optionForDevnetBuyer(server(), {
      paymentId: first.paymentId,
      namespace: "eip155",
      symbol: "USDT",
      buyerIndex: 2,
      devnet: inject("devnet"),
    });
    const txHash = await wallet(option.actions[0]!);
    expect((await waitFinal(first.paymentId, DETECTED_WITHIN_MS)).status).toBe("succeeded");
    // Same merchant, same price, same buyer: only the reference in the transfer tells them apart.
    expect((await paymentRow(second.paymentId)).status).toBe("pending");
    const recorded = await testDb()
      .db.select()
      .from(chainTransfers)
      .where(and(eq(chainTransfers.txHash, txHash), eq(chainTransfers.merchantId, merchant.merchantId)));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.paymentId).toBe(first.paymentId);
  });
});
