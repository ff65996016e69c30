import { describe, expect, it } from "vitest";
import type { PaymentException, PaymentStatus, TransferState } from "@/db/schema";
import { judgePayment, type OptionFacts, type TransferFacts } from "@/lib/ledger/judge-payment";

const NOW = new Date("2026-11-26T12:00:00Z");
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
const DROPPED_AFTER_MS = 600_000;

const option: OptionFacts = { id: "opt_a", amount: 1_000_000n, expiresAt: minutes(5) };
const options = new Map([[option.id, option]]);

function payment(status: PaymentStatus, more: { exception?: PaymentException; txHash?: string } = {}) {
  return { status, exception: more.exception ?? null, txHash: more.txHash ?? null, expiresAt: minutes(10) };
}

function transfer(txHash: string, more: Partial<TransferFacts> = {}): TransferFacts {
  return {
    id: `trf_${txHash}`,
    txHash,
    position: 0,
    optionId: option.id,
    amount: option.amount,
    state: "counted" as TransferState,
    blockNumber: 10n,
    blockTime: minutes(-1),
    reorgedAt: null,
    ...more,
  };
}

const judge = (p: ReturnType<typeof payment>, transfers: TransferFacts[]) =>
  judgePayment({ payment: p, transfers, options, now: NOW, droppedAfterMs: DROPPED_AFTER_MS }).kind;

describe("how a payment follows from its transfers on chain", () => {
  it("a pending payment with no transfer, or only one not deep enough yet, stays as it is", () => {
    expect(judge(payment("pending"), [])).toBe("none");
    expect(judge(payment("pending"), [transfer("0xa", { state: "seen" })])).toBe("none");
  });

  it("a counted transfer of the option's amount settles a pending payment (no confirm needed)", () => {
    expect(judge(payment("pending"), [transfer("0xa")])).toBe("found");
  });

  it("and a processing one, whichever transaction the wallet named (a sped-up replacement)", () => {
    expect(judge(payment("processing", { txHash: "0xold" }), [transfer("0xnew")])).toBe("found");
  });

  it("a counted transfer of another amount fails it as underpaid or overpaid", () => {
    const short = judgePayment({
      payment: payment("pending"),
      transfers: [transfer("0xa", { amount: 1n })],
      options,
      now: NOW,
      droppedAfterMs: DROPPED_AFTER_MS,
    });
    expect(short).toMatchObject({ kind: "found_short", exception: "underpaid" });
    const over = judgePayment({
      payment: payment("pending"),
      transfers: [transfer("0xa", { amount: 2_000_000n })],
      options,
      now: NOW,
      droppedAfterMs: 1,
    });
    expect(over).toMatchObject({ kind: "found_short", exception: "overpaid" });
  });

  it("a transfer mined after the quote expired is paid late; the status stays", () => {
    expect(judge(payment("pending"), [transfer("0xa", { blockTime: minutes(6) })])).toBe("late");
  });

  it("a transfer in a block of the very second the payment or its quote closed is paid late, not found", () => {
    // Block times are whole seconds: a block of second S was made within [S, S + 1).
    const closing = { ...payment("pending"), expiresAt: new Date(Date.UTC(2026, 10, 26, 12, 3, 20)) };
    const inSecond = (ms: number) => transfer("0xa", { blockTime: new Date(closing.expiresAt.getTime() + ms) });
    expect(
      judgePayment({ payment: closing, transfers: [inSecond(0)], options, now: NOW, droppedAfterMs: DROPPED_AFTER_MS })
        .kind,
    ).toBe("late");
    expect(
      judgePayment({
        payment: closing,
        transfers: [inSecond(-999)],
        options,
        now: NOW,
        droppedAfterMs: DROPPED_AFTER_MS,
      }).kind,
    ).toBe("late");
    expect(
      judgePayment({
        payment: closing,
        transfers: [inSecond(-1000)],
        options,
        now: NOW,
        droppedAfterMs: DROPPED_AFTER_MS,
      }).kind,
    ).toBe("found");
    expect(judge(payment("pending"), [transfer("0xa", { blockTime: new Date(option.expiresAt.getTime()) })])).toBe(
      "late",
    );
  });

  it("a transfer for an expired or cancelled payment is paid late", () => {
    expect(judge(payment("expired"), [transfer("0xa")])).toBe("late");
    expect(judge(payment("cancelled"), [transfer("0xa")])).toBe("late");
  });

  it("the first counted transfer settles; the earliest in chain order wins", () => {
    const later = transfer("0xb", { blockNumber: 12n, amount: 1n });
    const earlier = transfer("0xa", { blockNumber: 11n });
    const judged = judgePayment({
      payment: payment("pending"),
      transfers: [later, earlier],
      options,
      now: NOW,
      droppedAfterMs: DROPPED_AFTER_MS,
    });
    expect(judged).toMatchObject({ kind: "found", transfer: { txHash: "0xa" } });
  });

  it("a second counted transfer after the one that settled it is a duplicate, noted once", () => {
    const paid = payment("succeeded", { txHash: "0xa" });
    expect(judge(paid, [transfer("0xa"), transfer("0xb", { blockNumber: 11n })])).toBe("duplicate");
    expect(judge({ ...paid, exception: "duplicate" }, [transfer("0xa"), transfer("0xb")])).toBe("none");
  });

  it("more money after a late, short or over transfer is a duplicate too", () => {
    expect(
      judge(payment("expired", { exception: "paid_late", txHash: "0xa" }), [transfer("0xa"), transfer("0xb")]),
    ).toBe("duplicate");
    expect(
      judge(payment("failed", { exception: "underpaid", txHash: "0xa" }), [transfer("0xa"), transfer("0xb")]),
    ).toBe("duplicate");
  });

  it("the transfer that settled it reorged out raises the exception; mined again it clears", () => {
    const paid = payment("succeeded", { txHash: "0xa" });
    expect(judge(paid, [transfer("0xa", { state: "reorged", reorgedAt: minutes(-1) })])).toBe("reorged");
    const noted = { ...paid, exception: "reorged" as const };
    expect(judge(noted, [transfer("0xa", { state: "reorged", reorgedAt: minutes(-1) })])).toBe("none");
    expect(judge(noted, [transfer("0xa", { state: "counted" })])).toBe("reorg_cleared");
  });

  it("reorged out and not mined again within the timeout, the payment fails", () => {
    const noted = payment("succeeded", { txHash: "0xa", exception: "reorged" });
    expect(judge(noted, [transfer("0xa", { state: "reorged", reorgedAt: minutes(-11) })])).toBe("reorg_failed");
    expect(judge(noted, [transfer("0xa", { state: "dropped", reorgedAt: minutes(-11) })])).toBe("reorg_failed");
  });

  it("a transfer given up on as stuck that lands after all is paid late", () => {
    expect(judge(payment("failed", { exception: "stuck", txHash: "0xa" }), [transfer("0xa")])).toBe("late");
  });

  it("a transfer without a known option (not bound by a quote) never settles a payment", () => {
    expect(judge(payment("pending"), [transfer("0xa", { optionId: "opt_unknown" })])).toBe("none");
  });
});
