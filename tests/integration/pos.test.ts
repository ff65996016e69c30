import { createWalletClient, defineChain, encodeFunctionData, erc20Abi, getAddress, http, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, inject, it } from "vitest";
import { createApiKey } from "@/lib/auth/create-api-key";
import { api, createPaymentRequest, usd, type TestMerchant } from "../support/api";
import { uniqueClientIp } from "../support/client-ip";
import { dash, signUpUser } from "../support/dashboard";
import { testDb } from "../support/db";
import { chainMerchant, type ChainMerchant } from "../support/gateway";

// A point of sale at a counter: a key made on the dashboard (handed over as a setup link) that
// creates payments and reads their status, and nothing else. Played against the real server and the
// local chains: a buyer's phone wallet pays the EIP-681 request of a charge with no confirm.

type Charge = {
  payment: { paymentId: string; status: string; referenceId: string; amount: { value: string; currency: string } };
  merchantName: string;
  requests: {
    kind: string;
    uri: string;
    chainId: string;
    amount: { value: string; display: { assetSymbol: string } };
  }[];
};

/** A POS key of `merchant`, as the dashboard makes one. */
async function posKey(merchant: TestMerchant): Promise<TestMerchant> {
  const key = await createApiKey(testDb().db, {
    merchantId: merchant.merchantId,
    name: "Counter",
    grant: { kind: "pos" },
  });
  return { ...merchant, apiKey: key.secret, keyId: key.id };
}

/** The till's calls come from one address, as a device at a counter does. */
function till(pos: TestMerchant, ip: string) {
  const headers = { "x-forwarded-for": ip };
  return {
    charge: (amount: string, idempotencyKey?: string) =>
      api("/v1/pos/charges", {
        merchant: pos,
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/json",
          ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
        },
        body: JSON.stringify({ amount }),
      }),
    status: (paymentId: string) => api(`/v1/payments/${paymentId}/status`, { merchant: pos, headers }),
    sales: (since = new Date(Date.now() - 3600_000)) =>
      api(`/v1/pos/sales?since=${encodeURIComponent(since.toISOString())}`, { merchant: pos, headers }),
  };
}

async function charged(res: Response): Promise<Charge> {
  expect(res.status).toBe(201);
  return (await res.json()) as Charge;
}

/** A buyer's phone wallet sends what the scanned EIP-681 URI says, as it is written. */
async function payEip681(uri: string): Promise<Hex> {
  const { evm } = inject("devnet");
  const m = /^ethereum:(0x[0-9a-fA-F]{40})@(\d+)\/transfer\?(.*)$/.exec(uri)!;
  const params = new URLSearchParams(m[3]);
  const chain = defineChain({
    id: Number(m[2]),
    name: "devnet",
    nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [evm.rpcUrl] } },
  });
  const wallet = createWalletClient({
    account: privateKeyToAccount(evm.buyers[2]!.privateKey as Hex),
    chain,
    transport: http(evm.rpcUrl),
  });
  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: "transfer",
    args: [getAddress(params.get("address")!), BigInt(params.get("uint256")!)],
  });
  return wallet.sendTransaction({ to: m[1] as Hex, data });
}

describe("point of sale", () => {
  it("the dashboard sets up a POS key once, as a link holding the key in its fragment; the key is listed as a point of sale", async () => {
    const user = await signUpUser({ businessName: "Corner Café" });
    const res = await dash("/dashboard/api/keys", {
      method: "POST",
      user,
      json: { kind: "pos", name: "Front counter" },
    });
    expect(res.status).toBe(201);
    const key = (await res.json()) as { id: string; secret: string; kind: string; scopes: string[]; setupUrl: string };
    expect(key.kind).toBe("pos");
    expect(key.scopes.sort()).toEqual(["payments:create", "payments:status", "pos:sales"]);
    const setup = new URL(key.setupUrl);
    expect(setup.pathname).toBe("/pos");
    expect(setup.search).toBe("");
    const fragment = new URLSearchParams(setup.hash.slice(1));
    expect(fragment.get("merchant")).toBe(user.merchantId);
    expect(fragment.get("key")).toBe(key.secret);

    // The link's key works for the till at once: the merchant's name and currency for the keypad.
    const pos = { merchantId: user.merchantId, apiKey: key.secret, keyId: key.id };
    const sales = await till(pos, uniqueClientIp()).sales();
    expect(sales.status).toBe(200);
    expect(((await sales.json()) as { merchant: { name: string } }).merchant.name).toBe("Corner Café");

    const page = await (await dash("/dashboard/keys", { user })).text();
    expect(page).toContain("Point of sale");
    // A standard key made from the same form with chosen scopes carries exactly those.
    const scoped = await dash("/dashboard/api/keys", {
      method: "POST",
      user,
      json: { name: "reporting", scopes: ["payments:read"] },
    });
    expect(((await scoped.json()) as { scopes: string[] }).scopes).toEqual(["payments:read"]);
    const bad = await dash("/dashboard/api/keys", { method: "POST", user, json: { name: "x", scopes: ["pos:sales"] } });
    expect(bad.status).toBe(400);
  });

  it("a charge paid by a phone wallet from its EIP-681 request succeeds through the ledger and counts in today's sales", async () => {
    const merchant = await chainMerchant({ evm: true });
    const pos = await posKey(merchant);
    const counter = till(pos, uniqueClientIp());
    const charge = await charged(await counter.charge("1234"));
    expect(charge.payment.amount).toEqual({ value: "1234", currency: "USD" });
    expect(charge.payment.status).toBe("requires_action");
    expect(charge.merchantName).toBe("Chain Shop");
    const usdc = charge.requests.find((r) => r.kind === "eip681" && r.amount.display.assetSymbol === "USDC")!;
    expect(usdc.uri).toMatch(/^ethereum:0x[0-9a-fA-F]{40}@\d+\/transfer\?address=/);

    await payEip681(usdc.uri);
    let status = "";
    for (let i = 0; i < 60 && status !== "succeeded"; i++) {
      const res = await counter.status(charge.payment.paymentId);
      expect(res.status).toBe(200);
      status = ((await res.json()) as { status: string }).status;
      if (status !== "succeeded") await new Promise((r) => setTimeout(r, 500));
    }
    expect(status).toBe("succeeded");

    const today = (await (await counter.sales()).json()) as {
      totals: { sales: number; open: number; paid: { currency: string; count: number; amount: string }[] };
      sales: { paymentId: string; status: string }[];
    };
    expect(today.totals.paid).toEqual([{ currency: "USD", count: 1, amount: "1234", refunded: "0" }]);
    expect(today.sales).toEqual([
      expect.objectContaining({ paymentId: charge.payment.paymentId, status: "succeeded" }),
    ]);
  });

  it("a POS key is refused on listing, detail, cancel, refunds, transfers, webhooks and links, and changes nothing", async () => {
    const merchant = await chainMerchant({ evm: true });
    const pos = await posKey(merchant);
    const charge = await charged(await till(pos, uniqueClientIp()).charge("500"));
    const id = charge.payment.paymentId;
    const refusals: [string, Promise<Response>][] = [
      ["GET /v1/payments", api("/v1/payments", { merchant: pos })],
      ["GET /v1/merchants/payments", api("/v1/merchants/payments", { merchant: pos })],
      ["legacy listing", api(`/v1/merchants/${pos.merchantId}/payments`, { headers: { "x-api-key": pos.apiKey } })],
      ["GET /v1/payments/{id}", api(`/v1/payments/${id}`, { merchant: pos })],
      ["cancel", api(`/v1/payments/${id}/cancel`, { merchant: pos, method: "POST" })],
      [
        "refund",
        api("/v1/refunds", {
          merchant: pos,
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ paymentId: id }),
        }),
      ],
      ["transfers", api("/v1/transfers", { merchant: pos })],
      ["webhooks", api("/v1/webhook-endpoints", { merchant: pos })],
      ["links", api("/v1/payment-links", { merchant: pos })],
    ];
    for (const [name, call] of refusals) {
      const res = await call;
      expect(res.status, name).toBe(403);
      expect(((await res.json()) as { code: string }).code, name).toBe("insufficient_scope");
    }
    const status = await api(`/v1/payments/${id}/status`, { merchant: pos });
    expect(((await status.json()) as { status: string }).status).toBe("requires_action");
  });

  it("a till's sales are its own: another till's and the API's payments are not listed", async () => {
    const merchant = await chainMerchant({ evm: true });
    const front = till(await posKey(merchant), uniqueClientIp());
    const back = till(await posKey(merchant), uniqueClientIp());
    const mine = await charged(await front.charge("300"));
    await charged(await back.charge("700"));
    expect((await createPaymentRequest(merchant, usd("900"), { headers: {}, path: "/v1/payments" })).status).toBe(201);
    const listed = (await (await front.sales()).json()) as { sales: { paymentId: string }[]; totals: { open: number } };
    expect(listed.sales.map((s) => s.paymentId)).toEqual([mine.payment.paymentId]);
    expect(listed.totals.open).toBe(1);
  });

  it("a charge retried with its Idempotency-Key answers the same payment; bad input is a 4xx that makes nothing", async () => {
    const merchant = await chainMerchant({ evm: true });
    const counter = till(await posKey(merchant), uniqueClientIp());
    const first = await charged(await counter.charge("250", "sale-0001"));
    const again = await counter.charge("250", "sale-0001");
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(((await again.json()) as Charge).payment.paymentId).toBe(first.payment.paymentId);
    expect(first.payment.referenceId).toBe("POS sale-0001");
    expect((await counter.charge("300", "sale-0001")).status).toBe(409);

    for (const amount of ["0", "12.34", "-5", "", "99999999999999999"]) {
      const res = await counter.charge(amount);
      expect(res.status, amount).toBe(400);
    }
    expect((await counter.sales(new Date(Date.now() - 72 * 3600_000))).status).toBe(400);
    const [row] = await testDb().sql<{ count: number }[]>`
      select count(*)::int as count from payments where merchant_id = ${merchant.merchantId}`;
    expect(row!.count).toBe(1);
  });

  it("a busy counter (30 sales a minute and more, status read for each) never meets a rate limit", async () => {
    const merchant: ChainMerchant = await chainMerchant({ evm: true });
    const counter = till(await posKey(merchant), uniqueClientIp());
    const started = Date.now();
    for (let sale = 0; sale < 40; sale++) {
      const charge = await counter.charge(String(100 + sale));
      expect(charge.status, `sale ${sale}`).toBe(201);
      const { payment, requests } = (await charge.json()) as Charge;
      expect(requests.length).toBeGreaterThan(0);
      for (let poll = 0; poll < 3; poll++) expect((await counter.status(payment.paymentId)).status).toBe(200);
    }
    expect((await counter.sales()).status).toBe(200);
    // All of it inside one minute, so a per-minute limit of 30 (or the gateway's) would have been met.
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it("a revoked POS key is refused at once", async () => {
    const user = await signUpUser();
    const res = await dash("/dashboard/api/keys", { method: "POST", user, json: { kind: "pos", name: "Till" } });
    const key = (await res.json()) as { id: string; secret: string };
    const pos = { merchantId: user.merchantId, apiKey: key.secret, keyId: key.id };
    expect((await till(pos, uniqueClientIp()).sales()).status).toBe(200);
    expect((await dash(`/dashboard/api/keys/${key.id}`, { method: "DELETE", user })).status).toBe(200);
    expect((await till(pos, uniqueClientIp()).sales()).status).toBe(401);
  });
});
