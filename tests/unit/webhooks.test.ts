import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newWebhookSecret } from "@/lib/webhooks/new-webhook-secret";
import type { PaymentSnapshot } from "@/lib/webhooks/payment-snapshot";
import { attemptTimeout } from "@/lib/webhooks/deliver-claimed";
import { isPrivateAddress } from "@/lib/webhooks/private-address";
import { renderEvent } from "@/lib/webhooks/render-event";
import { parseDuration, parseRetrySchedule } from "@/lib/webhooks/retry-schedule";
import { storableText } from "@/lib/webhooks/storable-text";
import { signWebhook } from "@/lib/webhooks/sign-webhook";

const base: PaymentSnapshot = {
  id: "pay_x",
  merchant_id: "mer_x",
  reference_id: "order-1",
  fiat_currency: "USD",
  fiat_amount: "1000",
  status: "pending",
  created_at: "2026-11-25T12:00:00.123456+00:00",
  expires_at: "2026-11-25T12:15:00+00:00",
  processing_at: null,
  finalized_at: null,
  failure_reason: null,
  buyer_account: null,
  chain_id: null,
  token_caip19: null,
  token_amount: null,
  tx_hash: null,
  exception: null,
  received_amount: null,
  cancel_reason: null,
  resolved_at: null,
  refunded_at: null,
  refund_tx_hash: null,
};
const paid: PaymentSnapshot = {
  ...base,
  status: "succeeded",
  processing_at: "2026-11-25T12:01:00+00:00",
  finalized_at: "2026-11-25T12:01:05+00:00",
  buyer_account: "0xabc",
  chain_id: "eip155:8453",
  token_caip19: "eip155:8453/erc20:0xusdc",
  token_amount: "123456789012345678901234567890",
  tx_hash: "0xtx",
};
const event = (type: string, snapshot: PaymentSnapshot, stateVersion = 0) =>
  renderEvent({ id: "evt_1", type, stateVersion, live: true, createdAt: new Date("2026-11-25T12:02:00Z"), snapshot });

describe("webhook payload", () => {
  it("payment.created: the envelope, the contract's status and amount, every stage null", () => {
    expect(event("payment.created", base)).toEqual({
      id: "evt_1",
      type: "payment.created",
      api_version: "2026-05-18",
      created_at: "2026-11-25T12:02:00.000Z",
      data: {
        payment_id: "pay_x",
        merchant_id: "mer_x",
        live: true,
        payment_state_version: 0,
        reference_id: "order-1",
        status: "requires_action",
        amount: { unit: "iso4217/USD", value: "1000" },
        created_at: "2026-11-25T12:00:00.123Z",
        expires_at: "2026-11-25T12:15:00.000Z",
        processing: null,
        success: null,
        failed: null,
        cancelled: null,
        expired: null,
        settled: null,
        refunded: null,
        exception: null,
      },
    });
  });

  it("succeeded leaves settled null; settled carries the same transaction and the amount exactly, past 2^53", () => {
    const succeeded = event("payment.succeeded", paid, 2).data;
    const settled = event("payment.settled", paid, 3).data;
    const option = { unit: "caip19/eip155:8453/erc20:0xusdc", value: "123456789012345678901234567890" };
    expect(succeeded.processing).toEqual({
      processing_at: "2026-11-25T12:01:00.000Z",
      option_amount: option,
      fee: null,
      settlement_amount: option,
      buyer_caip10: "eip155:8453:0xabc",
      chain_caip2: "eip155:8453",
    });
    expect(succeeded.success).toEqual({ succeeded_at: "2026-11-25T12:01:05.000Z", tx_id: "0xtx" });
    expect(succeeded.settled).toBeNull();
    expect(settled.settled).toEqual({ settled_at: "2026-11-25T12:01:05.000Z", tx_id: "0xtx", amount: option });
  });

  it("cancelled never carries processing; failed says why; an underpaid payment names what arrived", () => {
    const cancelled = event("payment.cancelled", {
      ...paid,
      status: "cancelled",
      processing_at: null,
      cancel_reason: "cancelled_by_user",
    }).data;
    expect(cancelled.processing).toBeNull();
    expect(cancelled.cancelled).toEqual({
      cancelled_at: "2026-11-25T12:01:05.000Z",
      cancellation_reason: "buyer cancelled",
    });
    const underpaid = event("payment.underpaid", {
      ...paid,
      status: "failed",
      exception: "underpaid",
      received_amount: "5",
    }).data;
    expect(underpaid.failed).toEqual({
      failed_at: "2026-11-25T12:01:05.000Z",
      failure_reason: "received less than the amount due",
    });
    expect(underpaid.exception).toMatchObject({ kind: "underpaid", received_amount: { value: "5" } });
    expect(underpaid.success).toBeNull();
  });
});

describe("webhook signing", () => {
  it("signs with every secret in force; standardwebhooks verifies with either", () => {
    const [oldSecret, newSecret] = [newWebhookSecret(), newWebhookSecret()];
    expect(Buffer.from(newSecret.slice("whsec_".length), "base64")).toHaveLength(32);
    const headers = signWebhook({ eventId: "evt_1", body: '{"a":1}', secrets: [newSecret, oldSecret] });
    expect(headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(headers["svix-signature"]).toBe(headers["webhook-signature"]);
    for (const secret of [oldSecret, newSecret])
      expect(() => new Webhook(secret).verify('{"a":1}', headers)).not.toThrow();
    expect(() => new Webhook(newSecret).verify('{"a":2}', headers)).toThrow();
  });
});

describe("webhook settings and addresses", () => {
  it("reads the retry schedule", () => {
    expect(parseRetrySchedule("5s,5m,30m,2h")).toEqual([5000, 300_000, 1_800_000, 7_200_000]);
    expect(parseRetrySchedule(" 250ms , 1s ")).toEqual([250, 1000]);
  });

  it("reads one duration, days included", () => {
    expect(parseDuration("5d")).toBe(5 * 86_400_000);
    expect(parseDuration("2500ms")).toBe(2500);
  });

  it.each([
    "10.0.0.1",
    "172.16.5.4",
    "192.168.1.1",
    "127.0.0.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "192.0.2.1",
    "::",
    "::1",
    "fd00:ec2::254",
    "fe80::1",
    "fec0::1",
    "ff02::1",
    "100::1",
    "2001:db8::1",
    "3fff::1",
    "2001::1",
    "2001:2::1",
    "5f00::1",
    "::ffff:10.0.0.1",
    "::ffff:127.0.0.1",
    // IPv4-compatible (deprecated), whatever IPv4 it names
    "::7f00:1",
    "::a9fe:a9fe",
    "::808:808",
    // SIIT (RFC 6145) and NAT64 of private IPv4, and the local-use NAT64 prefix
    "::ffff:0:7f00:1",
    "64:ff9b::7f00:1",
    "64:ff9b::a00:1",
    "64:ff9b:1::808:808",
    // 6to4 of 127.0.0.1 and 10.0.0.1
    "2002:7f00:1::1",
    "2002:a00:1::",
    "not-an-ip",
  ])("refuses %s", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(["8.8.8.8", "1.1.1.1", "2001:4860:4860::8888", "2606:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808"])(
    "allows %s",
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe("hostile receivers", () => {
  it("makes any answer storable: NUL and unpaired surrogates become U+FFFD, the rest is kept", () => {
    expect(storableText("ok\u0000\u0000done")).toBe("ok\uFFFD\uFFFDdone");
    expect(storableText("a\uD800b\uDC00c")).toBe("a\uFFFDb\uFFFDc");
    expect(storableText("emoji \uD83D\uDE00 and ü")).toBe("emoji \uD83D\uDE00 and ü");
    expect(storableText(null)).toBeNull();
  });

  it("halves the timeout per timeout in a row, down to the floor, with a full-length probe every 8th", () => {
    const settings = { timeoutMs: 15_000, minTimeoutMs: 2000 };
    expect([0, 1, 2, 3, 4, 7, 8, 9, 16].map((n) => attemptTimeout(n, settings))).toEqual([
      15_000, 7500, 3750, 2000, 2000, 2000, 15_000, 2000, 15_000,
    ]);
  });
});
