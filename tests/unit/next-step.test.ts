import { describe, expect, it } from "vitest";
import type { Observation } from "@/lib/chains/chain-adapter";
import { nextStep, type StepFacts } from "@/lib/settlement/next-step";

const NOW = new Date("2026-11-26T12:00:00Z");
const secondsAgo = (s: number) => new Date(NOW.getTime() - s * 1000);
const SETTINGS = { processingDeadlineS: 3600, droppedTxTimeoutS: 600, relayBumpAfterS: 60 };

type Kind = "relay" | "cosigned" | "wallet_sent";

function facts(kind: Kind, seen: Observation, more: Partial<StepFacts["submission"]> & Partial<StepFacts> = {}) {
  const { amount, offered, validBefore, ledger, ...submission } = more;
  return {
    submission: {
      kind,
      checks: 0,
      createdAt: secondsAgo(30),
      rawTx: kind === "wallet_sent" ? null : "0xraw",
      relayNonce: kind === "relay" ? 7 : null,
      sentAt: secondsAgo(30),
      updatedAt: secondsAgo(30),
      unseenSince: null,
      nonceUsedAt: null,
      ...submission,
    },
    amount: amount ?? 1_000n,
    offered: offered ?? 1_000n,
    validBefore: validBefore ?? Math.floor(NOW.getTime() / 1000) + 600,
    seen,
    ledger,
    now: NOW,
    settings: SETTINGS,
  } as StepFacts;
}

const confirmed: Observation = { state: "confirmed", txHash: "0xtx", confirmations: 1 };
const pending = (mined = false): Observation => ({ state: "pending", mined });
const unknown = (nonceUsed = false, expired = false): Observation => ({ state: "unknown", nonceUsed, expired });

describe("the watcher's decision for one submission", () => {
  it("landed for the amount asked: succeeded with the transaction that landed", () => {
    expect(nextStep(facts("relay", confirmed))).toEqual({
      kind: "finish",
      outcome: { status: "succeeded", txHash: "0xtx" },
    });
  });

  it("landed for another amount: failed underpaid or overpaid, with what arrived", () => {
    expect(nextStep(facts("wallet_sent", confirmed, { amount: 900n }))).toMatchObject({
      kind: "finish",
      outcome: { status: "failed", exception: "underpaid", receivedAmount: 900n, txHash: "0xtx" },
    });
    expect(nextStep(facts("wallet_sent", confirmed, { amount: 1_100n }))).toMatchObject({
      outcome: { exception: "overpaid" },
    });
  });

  it("reverted or refused on chain: failed with the chain's reason", () => {
    expect(nextStep(facts("cosigned", { state: "failed", reason: "reverted" }))).toEqual({
      kind: "finish",
      outcome: { status: "failed", reason: "reverted" },
    });
  });

  it("not landed by PROCESSING_DEADLINE_S, however it waits: failed as stuck", () => {
    for (const seen of [pending(), unknown(), unknown(true)])
      expect(nextStep(facts("wallet_sent", seen, { createdAt: secondsAgo(3600) }))).toMatchObject({
        kind: "finish",
        outcome: { exception: "stuck" },
      });
  });

  it("pending: look again, the network knows it", () => {
    expect(nextStep(facts("wallet_sent", pending()))).toEqual({ kind: "reschedule", unseen: "clear" });
  });

  it("a relay pending unmined for a few checks fills the nonce gaps below it, and once stuck also bumps its fee", () => {
    expect(nextStep(facts("relay", pending(), { checks: 3 }))).toEqual({
      kind: "reschedule",
      unseen: "clear",
      unblock: "fill",
    });
    expect(nextStep(facts("relay", pending(), { checks: 3, sentAt: secondsAgo(61) }))).toEqual({
      kind: "reschedule",
      unseen: "clear",
      unblock: "fill_and_bump",
    });
    expect(nextStep(facts("relay", pending(true), { checks: 3, sentAt: secondsAgo(61) }))).toEqual({
      kind: "reschedule",
      unseen: "clear",
    });
  });

  it("a Solana transaction whose blockhash expired unseen can never land: failed", () => {
    expect(nextStep(facts("cosigned", unknown(false, true)))).toMatchObject({
      kind: "finish",
      outcome: { reason: expect.stringMatching(/blockhash expired/) },
    });
  });

  it("our relay unknown to the network: sent again (filling gaps once it waited); its nonce taken: renonced while the authorization holds", () => {
    expect(nextStep(facts("relay", unknown()))).toEqual({ kind: "resend" });
    expect(nextStep(facts("relay", unknown(), { checks: 4 }))).toEqual({ kind: "resend", unblock: "fill" });
    expect(nextStep(facts("relay", unknown(true)))).toEqual({ kind: "renonce" });
    expect(
      nextStep(facts("relay", unknown(true), { validBefore: Math.floor(NOW.getTime() / 1000) + 5 })),
    ).toMatchObject({ kind: "finish", outcome: { reason: expect.stringMatching(/authorization expired/) } });
  });

  it("our co-signed bytes unknown to the network: sent again", () => {
    expect(nextStep(facts("cosigned", unknown()))).toEqual({ kind: "resend" });
  });

  it("the wallet's transaction replaced or dropped (its nonce used): note when, ask the ledger, fail only when it found nothing", () => {
    expect(nextStep(facts("wallet_sent", unknown(true)))).toEqual({ kind: "reschedule", unseen: "nonce_used" });
    const since = secondsAgo(5);
    expect(nextStep(facts("wallet_sent", unknown(true), { nonceUsedAt: since }))).toEqual({
      kind: "ask_ledger",
      since,
    });
    for (const ledger of ["found", "unknown"] as const)
      expect(nextStep(facts("wallet_sent", unknown(true), { nonceUsedAt: since, ledger }))).toEqual({
        kind: "reschedule",
        unseen: "keep",
      });
    expect(nextStep(facts("wallet_sent", unknown(true), { nonceUsedAt: since, ledger: "none" }))).toMatchObject({
      kind: "finish",
      outcome: { status: "failed", reason: expect.stringMatching(/no replacement reached the merchant/) },
    });
  });

  it("the wallet's transaction unknown to the network: waited for until DROPPED_TX_TIMEOUT_S, then failed as dropped", () => {
    expect(nextStep(facts("wallet_sent", unknown(), { unseenSince: secondsAgo(599) }))).toEqual({
      kind: "reschedule",
      unseen: "now",
    });
    expect(nextStep(facts("wallet_sent", unknown(), { unseenSince: secondsAgo(600) }))).toMatchObject({
      kind: "finish",
      outcome: { reason: "dropped: unknown to the network for 600 s" },
    });
  });
});
