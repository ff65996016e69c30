import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { payments } from "@/db/schema";
import { api, newMerchant, type TestMerchant } from "../support/api";
import { uniqueClientIp } from "../support/client-ip";
import { testDb } from "../support/db";
import { chainMerchant } from "../support/gateway";
import { confirmAt, signWithDevnetBuyer } from "../support/pay-steps";

type Link = {
  id: string;
  url: string;
  active: boolean;
  description: string;
  currency: string;
  amount: string | null;
  minimumAmount: string | null;
  maximumAmount: string | null;
  checkout: { successUrl: string; errorUrl: string } | null;
  totals: { payments: number; succeeded: number; amountPaid: string };
};

function call(
  merchant: TestMerchant,
  { method, path, body }: { method: string; path: string; body?: unknown },
): Promise<Response> {
  return api(`/v1/payment-links${path}`, {
    method,
    merchant,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function createLink(merchant: TestMerchant, body: unknown): Promise<Link> {
  const res = await call(merchant, { method: "POST", path: "", body });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

/** What the link's page does when the buyer presses Pay: no credentials, from the buyer's own address. */
function pay(linkId: string, body: unknown = {}, ip = uniqueClientIp()): Promise<Response> {
  return api(`/v1/payment-links/${linkId}/checkout`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify(body),
  });
}

const range = { description: "Donation", minimumAmount: "500", maximumAmount: "10000" };

describe("payment links over the merchant API", () => {
  it("creates, lists, reads and changes a link; amounts cannot change", async () => {
    const merchant = await newMerchant();
    const fixed = await createLink(merchant, {
      description: "Concert ticket",
      amount: "2500",
      checkout: { successUrl: "https://shop.example/thanks", errorUrl: "https://shop.example/sorry" },
    });
    expect(fixed).toMatchObject({
      active: true,
      currency: "USD",
      amount: "2500",
      minimumAmount: null,
      maximumAmount: null,
      checkout: { successUrl: "https://shop.example/thanks", errorUrl: "https://shop.example/sorry" },
      totals: { payments: 0, succeeded: 0, amountPaid: "0" },
    });
    expect(fixed.id).toMatch(/^plink_[0-9A-Za-z]{22}$/);
    expect(fixed.url).toBe(`${inject("baseUrl")}/l/${fixed.id}`);
    const open = await createLink(merchant, range);
    expect(open).toMatchObject({ amount: null, minimumAmount: "500", maximumAmount: "10000", checkout: null });

    // Newest first, one per page, the cursor walking on.
    const first = await (await call(merchant, { method: "GET", path: "?limit=1" })).json();
    expect(first.data.map((l: Link) => l.id)).toEqual([open.id]);
    const second = await (await call(merchant, { method: "GET", path: `?limit=1&cursor=${first.nextCursor}` })).json();
    expect(second.data.map((l: Link) => l.id)).toEqual([fixed.id]);
    expect(second.nextCursor).toBeNull();

    expect(await (await call(merchant, { method: "GET", path: `/${fixed.id}` })).json()).toMatchObject({
      id: fixed.id,
      amount: "2500",
    });
    const patched = await call(merchant, {
      method: "PATCH",
      path: `/${fixed.id}`,
      body: { description: "VIP ticket", checkout: null },
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ description: "VIP ticket", checkout: null, amount: "2500" });

    const amountChange = await call(merchant, { method: "PATCH", path: `/${fixed.id}`, body: { amount: "1" } });
    expect(amountChange.status).toBe(400);
    expect((await amountChange.json()).message).toMatch(/amounts cannot/);
    const disabled = await call(merchant, { method: "PATCH", path: `/${fixed.id}`, body: { active: false } });
    expect((await disabled.json()).active).toBe(false);
    const active = await (await call(merchant, { method: "GET", path: "?active=true" })).json();
    expect(active.data.map((l: Link) => l.id)).toEqual([open.id]);
  });

  it("refuses bad bodies with 400 and the field", async () => {
    const merchant = await newMerchant();
    const cases: [unknown, string][] = [
      [{ description: "x" }, "amount"],
      [{ description: "x", amount: "100", minimumAmount: "1", maximumAmount: "5" }, "amount"],
      [{ description: "x", minimumAmount: "900", maximumAmount: "100" }, "maximumAmount"],
      [{ description: "x", amount: "12.50" }, "amount"],
      [{ description: "", amount: "100" }, "description"],
      [
        {
          description: "x",
          amount: "100",
          checkout: { successUrl: "http://a.example", errorUrl: "https://b.example" },
        },
        "checkout.successUrl",
      ],
    ];
    for (const [body, field] of cases) {
      const res = await call(merchant, { method: "POST", path: "", body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = await res.json();
      expect(answer.code).toBe("params_validation");
      expect(answer.issues.map((i: { field: string }) => i.field)).toContain(field);
    }
    expect((await call(merchant, { method: "GET", path: "/plink_nope" })).status).toBe(400);
  });

  it("another merchant's link is a 404 to read, change or list payments of", async () => {
    const owner = await newMerchant();
    const stranger = await newMerchant();
    const link = await createLink(owner, range);
    for (const [method, path, body] of [
      ["GET", `/${link.id}`, undefined],
      ["PATCH", `/${link.id}`, { active: false }],
      ["GET", `/${link.id}/payments`, undefined],
    ] as const) {
      const res = await call(stranger, { method, path, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await res.json()).code).toBe("not_found");
    }
    expect((await (await call(owner, { method: "GET", path: `/${link.id}` })).json()).active).toBe(true);
  });
});

describe("buyers paying through a link", () => {
  it("a buyer-entered amount makes a payment naming the link; outside min..max none is made", async () => {
    const merchant = await newMerchant();
    const link = await createLink(merchant, {
      ...range,
      checkout: { successUrl: "https://shop.example/thanks", errorUrl: "https://shop.example/sorry" },
    });
    for (const amount of ["499", "10001"]) {
      const res = await pay(link.id, { amount });
      expect(res.status, amount).toBe(400);
      expect((await res.json()).issues).toEqual([
        { field: "amount", message: expect.stringMatching(/at (least|most)/) },
      ]);
    }
    expect((await pay(link.id, {})).status).toBe(400);
    expect((await pay(link.id, { amount: "12.50" })).status).toBe(400);

    const res = await pay(link.id, { amount: "500" });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created.gatewayUrl).toBe(`${inject("baseUrl")}/pay?pid=${created.paymentId}`);
    const [row] = await testDb().db.select().from(payments).where(eq(payments.id, created.paymentId));
    expect(row).toMatchObject({
      merchantId: merchant.merchantId,
      paymentLinkId: link.id,
      fiatAmount: 500n,
      fiatCurrency: "USD",
      successUrl: "https://shop.example/thanks",
      redirectsEnabled: true,
    });
    expect(row!.referenceId.startsWith(`${link.id}/`)).toBe(true);
    const listed = await (await call(merchant, { method: "GET", path: `/${link.id}/payments` })).json();
    expect(listed.data).toEqual([
      expect.objectContaining({ paymentId: created.paymentId, amount: "500", status: "requires_action" }),
    ]);
    expect(listed.totals).toEqual({ payments: 1, succeeded: 0, amountPaid: "0" });
  });

  it("a fixed link charges its amount; a disabled link refuses, an enabled one takes payments again", async () => {
    const merchant = await newMerchant();
    const link = await createLink(merchant, { description: "Ticket", amount: "2500" });
    expect((await pay(link.id, { amount: "1" })).status).toBe(400);
    const ok = await pay(link.id);
    expect(ok.status).toBe(201);
    await call(merchant, { method: "PATCH", path: `/${link.id}`, body: { active: false } });
    const refused = await pay(link.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "invalid_state", message: expect.stringMatching(/no longer/) });
    await call(merchant, { method: "PATCH", path: `/${link.id}`, body: { active: true } });
    expect((await pay(link.id)).status).toBe(201);
    const listed = await (await call(merchant, { method: "GET", path: `/${link.id}/payments` })).json();
    expect(listed.data.map((p: { amount: string }) => p.amount)).toEqual(["2500", "2500"]);
    expect((await pay("plink_0000000000000000000000")).status).toBe(404);
  });

  it("one address may create only so many payments a minute", async () => {
    const merchant = await newMerchant();
    const link = await createLink(merchant, { description: "Ticket", amount: "100" });
    const ip = uniqueClientIp();
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await pay(link.id, {}, ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await pay(link.id)).status).toBe(201);
  });

  it("a link's payments list with the totals of what succeeded, paid on the devnet", async () => {
    const merchant = await chainMerchant({ evm: true });
    const link = await createLink(merchant, range);
    const paidOne = (await (await pay(link.id, { amount: "1234" })).json()).paymentId as string;
    await pay(link.id, { amount: "700" });
    const signed = await signWithDevnetBuyer(
      { url: inject("baseUrl") },
      { paymentId: paidOne, namespace: "eip155", symbol: "USDC", buyerIndex: 2 },
    );
    expect((await confirmAt({ url: inject("baseUrl") }, signed))?.status).toBe(200);
    await expect
      .poll(async () => (await (await call(merchant, { method: "GET", path: `/${link.id}` })).json()).totals, {
        timeout: 30_000,
      })
      .toEqual({ payments: 2, succeeded: 1, amountPaid: "1234" });
    const listed = await (await call(merchant, { method: "GET", path: `/${link.id}/payments?limit=1` })).json();
    expect(listed.data).toHaveLength(1);
    expect(listed.totals).toEqual({ payments: 2, succeeded: 1, amountPaid: "1234" });
    const next = await (
      await call(merchant, { method: "GET", path: `/${link.id}/payments?limit=1&cursor=${listed.nextCursor}` })
    ).json();
    expect(
      [...listed.data, ...next.data].map((p: { paymentId: string; status: string }) => [
        p.paymentId === paidOne,
        p.status,
      ]),
    ).toContainEqual([true, "succeeded"]);
  });
});
