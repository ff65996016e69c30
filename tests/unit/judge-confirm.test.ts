import { describe, expect, it } from "vitest";
import type { PaymentStatus } from "@/db/schema";
import { judgeConfirmOption, judgeConfirmStart, judgeRecorded, type ConfirmStep } from "@/lib/gateway/judge-confirm";

const code = (step: ConfirmStep) => (step.kind === "refuse" ? `${step.kind} ${step.error.code}` : step.kind);

describe("confirm, before anything is verified", () => {
  const start = (status: PaymentStatus, more: { paymentOptionId?: string; results?: number } = {}) =>
    code(
      judgeConfirmStart({
        status,
        paymentOptionId: more.paymentOptionId ?? null,
        optionId: "opt_a",
        results: more.results ?? 1,
      }),
    );

  it("results of another length than the option's actions: 400", () => {
    expect(start("pending", { results: 2 })).toBe("refuse invalid_params");
    expect(start("pending", { results: 0 })).toBe("refuse invalid_params");
  });

  it("a repeat of the confirm that recorded this option answers where the payment stands", () => {
    for (const status of ["processing", "succeeded", "failed"] as const)
      expect(start(status, { paymentOptionId: "opt_a" })).toBe("answer");
  });

  it("another option's payment that moved on: 409; a pending payment, or one closed unpaid: verify", () => {
    expect(start("processing", { paymentOptionId: "opt_b" })).toBe("refuse invalid_state");
    expect(start("succeeded", { paymentOptionId: "opt_b" })).toBe("refuse invalid_state");
    for (const status of ["pending", "expired", "cancelled"] as const) expect(start(status)).toBe("verify");
  });
});

describe("confirm, with the option", () => {
  const option = (
    method: string,
    more: { status?: PaymentStatus; quoteExpired?: boolean; builds?: number; withinBudget?: boolean } = {},
  ) =>
    judgeConfirmOption({
      status: more.status ?? "pending",
      method,
      quoteExpired: more.quoteExpired ?? false,
      builds: more.builds ?? 1,
      withinBudget: more.withinBudget ?? true,
    });

  it("in time: verify", () => {
    for (const method of ["eip3009", "erc20_transfer", "native_transfer", "spl_transfer", "sol_transfer"])
      expect(option(method)).toEqual({ kind: "verify" });
  });

  it("too late for a transfer the service would send: refused, nothing moved (410 expired, 409 cancelled)", () => {
    expect(code(option("eip3009", { quoteExpired: true }))).toBe("refuse quote_expired");
    expect(code(option("spl_transfer", { status: "expired" }))).toBe("refuse payment_expired");
    expect(code(option("eip3009", { status: "cancelled" }))).toBe("refuse invalid_state");
  });

  it("too late for a transfer the wallet already sent: verify it, to record it as paid late", () => {
    expect(option("erc20_transfer", { quoteExpired: true })).toEqual({ kind: "verify", late: "quote_expired" });
    expect(option("native_transfer", { status: "expired" })).toEqual({ kind: "verify", late: "payment_expired" });
    expect(option("erc20_transfer", { status: "cancelled" })).toEqual({ kind: "verify", late: "cancelled" });
  });

  it("a Solana option with no transaction built yet: 409", () => {
    expect(code(option("spl_transfer", { builds: 0 }))).toBe("refuse invalid_state");
  });

  it("past the shop's fee budget, a gasless option is refused; one the buyer pays for is not", () => {
    expect(code(option("eip3009", { withinBudget: false }))).toBe("refuse fees_budget_exhausted");
    expect(code(option("sol_transfer", { withinBudget: false }))).toBe("refuse fees_budget_exhausted");
    expect(option("erc20_transfer", { withinBudget: false })).toEqual({ kind: "verify" });
  });
});

describe("confirm, after trying to record the transfer", () => {
  const base = {
    status: "processing" as PaymentStatus,
    rowStatus: "processing" as PaymentStatus,
    paymentOptionId: "opt_a",
    optionId: "opt_a",
    recorded: true,
  };

  it("recorded: send it", () => {
    expect(judgeRecorded(base)).toEqual({ kind: "send" });
  });

  it("known late and recorded (or the record is this very transfer): refused with the paid-late reason", () => {
    const late = judgeRecorded({ ...base, late: "quote_expired" });
    expect(late.kind === "refuse" && late.error.message).toMatch(/recorded as paid late/);
    expect(
      code(judgeRecorded({ ...base, late: "cancelled", recorded: false, recordedTxHash: "0xa", walletTxHash: "0xa" })),
    ).toBe("refuse invalid_state");
  });

  it("known late, and another transfer is on record: 409 naming that", () => {
    const step = judgeRecorded({
      ...base,
      late: "payment_expired",
      recorded: false,
      recordedTxHash: "0xb",
      walletTxHash: "0xa",
    });
    expect(step.kind === "refuse" && step.error.message).toMatch(/Another transfer/);
  });

  it("the payment closed while this confirm verified: a wallet's transfer is recorded late; the service's is refused", () => {
    const closed = {
      ...base,
      recorded: false,
      status: "cancelled" as PaymentStatus,
      rowStatus: "cancelled" as PaymentStatus,
      paymentOptionId: null,
    };
    expect(judgeRecorded({ ...closed, walletTxHash: "0xa" })).toEqual({ kind: "record_late", late: "cancelled" });
    expect(code(judgeRecorded(closed))).toBe("refuse invalid_state");
  });

  it("not recorded because a concurrent confirm of this option won: answer where the payment stands", () => {
    expect(judgeRecorded({ ...base, recorded: false, recordedTxHash: "0xa" })).toEqual({ kind: "answer" });
  });

  it("a transfer already on record while the payment still reads pending (the merchant resolves it): 409", () => {
    const step = judgeRecorded({
      ...base,
      recorded: false,
      recordedTxHash: "0xa",
      status: "pending",
      rowStatus: "pending",
    });
    expect(step.kind === "refuse" && step.error.message).toMatch(/merchant resolves it/);
  });

  it("not recorded, the payment final through another option: 409 saying so", () => {
    const step = judgeRecorded({
      ...base,
      recorded: false,
      status: "succeeded",
      rowStatus: "succeeded",
      paymentOptionId: "opt_b",
    });
    expect(step.kind === "refuse" && step.error.message).toBe("This payment is already succeeded");
  });
});
