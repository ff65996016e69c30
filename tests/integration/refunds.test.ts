import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payments } from "@/db/schema";
import { api, type TestMerchant } from "../support/api";
import { createKey, dash, signUpUser, type DashboardUser } from "../support/dashboard";
import { testDb } from "../support/db";
import { paid, seedPayment } from "../support/seed";

const BUYER = "0x00000000000000000000000000000000000000b1";

/** A dashboard user and an API key of the same merchant, so one test sees both sides. */
async function shop(): Promise<{ user: DashboardUser; merchant: TestMerchant }> {
  const user = await signUpUser({ businessName: "Refund Shop" });
  const key = await createKey(user);
  return { user, merchant: { merchantId: user.merchantId, apiKey: key.secret, keyId: key.id } };
}

function refund(merchant: TestMerchant, body: unknown): Promise<Response> {
  return api("/v1/refunds", {
    method: "POST",
    merchant,
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function row(id: string) {
  const [found] = await testDb().db.select().from(payments).where(eq(payments.id, id));
  return found!;
}

async function page(user: DashboardUser, path: string): Promise<string> {
  const res = await dash(path, { headers: { cookie: user.cookie } });
  expect(res.status).toBe(200);
  return (await res.text()).replaceAll("<!-- -->", "");
}

describe("POST /v1/refunds", () => {
  it("marks a succeeded payment refunded, recorded with the key, and the listing and dashboard show it", async () => {
    const { user, merchant } = await shop();
    const id = await seedPayment(merchant.merchantId, { ...paid(BUYER), referenceId: "refund-me" });

    const res = await refund(merchant, { paymentId: id });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ paymentId: id });
    const after = await row(id);
    expect(after).toMatchObject({ status: "succeeded", refundedBy: `api_key:${merchant.keyId}`, refundTxHash: null });
    expect(Math.abs(after.refundedAt!.getTime() - Date.now())).toBeLessThan(60_000);

    const listing = await api(`/v1/merchants/${merchant.merchantId}/payments`, {
      headers: { "x-api-key": merchant.apiKey },
    });
    const record = ((await listing.json()) as { data: Record<string, unknown>[] }).data.find(
      (p) => p.payment_id === id,
    )!;
    expect(record).toMatchObject({ status: "succeeded", refunded_at: after.refundedAt!.toISOString() });

    const list = await page(user, "/dashboard/payments");
    expect(list).toMatch(new RegExp(`data-payment-id="${id}".*?data-refunded="true"[^>]*>Refunded</span>`, "s"));
    const detail = await page(user, `/dashboard/payments/${id}`);
    expect(detail).toContain(
      `Refunded on ${after.refundedAt!.toISOString().slice(0, 16).replace("T", " ")} UTC by api_key:${merchant.keyId}`,
    );
    expect(detail).not.toContain("Refund from my wallet");
    expect(detail).not.toContain(">Mark as refunded</button>");
  });

  it("answers 409 already_refunded the second time, and keeps the first record", async () => {
    const { merchant } = await shop();
    const id = await seedPayment(merchant.merchantId, paid(BUYER));
    expect((await refund(merchant, { paymentId: id })).status).toBe(200);
    const first = await row(id);
    const again = await refund(merchant, { paymentId: id });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ code: "already_refunded", message: expect.any(String) });
    expect((await row(id)).refundedAt).toEqual(first.refundedAt);
  });

  it("refuses a payment that has not succeeded with 400 payment_not_succeeded", async () => {
    const { merchant } = await shop();
    for (const status of ["pending", "failed", "expired"] as const) {
      const id = await seedPayment(merchant.merchantId, { status });
      const res = await refund(merchant, { paymentId: id });
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe("payment_not_succeeded");
      expect((await row(id)).refundedAt).toBeNull();
    }
  });

  it("answers 404 not_found for another merchant's payment, exactly as for an unknown one, and changes nothing", async () => {
    const mine = await shop();
    const theirs = await shop();
    const id = await seedPayment(theirs.merchant.merchantId, paid(BUYER));
    const res = await refund(mine.merchant, { paymentId: id });
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body.code).toBe("not_found");
    const unknown = await refund(mine.merchant, { paymentId: "pay_0000000000000000000000" });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe(body.message);
    expect(await row(id)).toMatchObject({ refundedAt: null, refundedBy: null });
    // The dashboard route of the other merchant's user is no way in either.
    const viaDashboard = await dash(`/dashboard/api/payments/${id}/mark-refunded`, { method: "POST", user: mine.user });
    expect(viaDashboard.status).toBe(404);
    expect((await row(id)).refundedAt).toBeNull();
  });

  it("answers 400 params_validation for a bad body", async () => {
    const { merchant } = await shop();
    for (const body of [
      {},
      { paymentId: "" },
      { paymentId: "order-1" },
      { paymentId: `pay_${"a".repeat(61)}` },
      { paymentId: 42 },
    ]) {
      const res = await refund(merchant, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = await res.json();
      expect(answer.code).toBe("params_validation");
      expect(answer.issues[0].field).toBe("paymentId");
    }
    expect((await refund(merchant, "{not json")).status).toBe(400);
  });

  it("lets exactly one of two concurrent refunds win", async () => {
    const { merchant } = await shop();
    for (let round = 0; round < 5; round++) {
      const id = await seedPayment(merchant.merchantId, paid(BUYER));
      const answers = await Promise.all([refund(merchant, { paymentId: id }), refund(merchant, { paymentId: id })]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const loser = answers.find((r) => r.status === 409)!;
      expect((await loser.json()).code).toBe("already_refunded");
    }
  });

  it("is documented in /openapi.json", async () => {
    const doc = await (await api("/openapi.json")).json();
    const op = doc.paths["/v1/refunds"].post;
    expect(op.responses["200"]).toBeDefined();
    expect(op.responses["400"]["x-error-codes"]).toEqual(
      expect.arrayContaining(["params_validation", "payment_not_succeeded"]),
    );
    expect(op.responses["404"]["x-error-codes"]).toContain("not_found");
    expect(op.responses["409"]["x-error-codes"]).toContain("already_refunded");
  });
});

describe("dashboard: Mark as refunded", () => {
  it("records the signed-in user's email and shows it on the payment's page", async () => {
    const { user, merchant } = await shop();
    const id = await seedPayment(merchant.merchantId, paid(BUYER));
    const before = await page(user, `/dashboard/payments/${id}`);
    expect(before).toContain(">Mark as refunded</button>");
    // This shop has no receiving address to send a refund from: no wallet refund on offer.
    expect(before).not.toContain(">Refund from my wallet</button>");

    expect(
      (
        await dash(`/dashboard/api/payments/${id}/mark-refunded`, {
          method: "POST",
          user,
          headers: { "x-csrf-token": "wrong" },
        })
      ).status,
    ).toBe(403);
    expect((await row(id)).refundedAt).toBeNull();

    const res = await dash(`/dashboard/api/payments/${id}/mark-refunded`, { method: "POST", user });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ paymentId: id, refundedBy: user.email });
    const after = await page(user, `/dashboard/payments/${id}`);
    expect(after).toContain(`by ${user.email}`);
    expect(after).toMatch(/data-testid="refund-record"[^>]*>Refunded on [^<]+ by /);
    expect((await dash(`/dashboard/api/payments/${id}/mark-refunded`, { method: "POST", user })).status).toBe(409);
  });
});
