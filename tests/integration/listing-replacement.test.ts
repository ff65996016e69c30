import { describe, expect, it } from "vitest";
import { revokeApiKey } from "@/lib/auth/revoke-api-key";
import { api, createPaymentRequest, legacyListing, newMerchant, usd, type TestMerchant } from "../support/api";
import { contractViolations } from "../support/contract";
import { testDb } from "../support/db";
import { paid, seedPayment } from "../support/seed";

type Path = "/v1/merchants/payments" | "/v1/payments";
type Listed = {
  paymentId: string;
  status: string;
  referenceId: string;
  fiatAmount: { value: string };
  createdAt: string;
  [k: string]: unknown;
};
type Body = {
  data: Listed[];
  nextCursor: string | null;
  stats: { totalRevenue: { amount: number; currency: string }[]; totalTransactions: number; totalCustomers: number };
};

/** A call to a replacement listing; every answer's body must conform to the contract for its status. */
async function call(m: TestMerchant | Record<string, string>, query = "", path: Path = "/v1/merchants/payments") {
  const headers = "apiKey" in m ? { "api-key": m.apiKey, "merchant-id": m.merchantId } : m;
  const res = await api(`${path}?${query}`, { headers });
  const body = await res.json();
  expect(
    contractViolations(path, res.status, body),
    `${path}?${query} answered ${res.status} ${JSON.stringify(body).slice(0, 300)}`,
  ).toEqual([]);
  return { status: res.status, body, headers: res.headers };
}

async function list(m: TestMerchant, query = "", path: Path = "/v1/merchants/payments"): Promise<Body> {
  const res = await call(m, query, path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Body;
}

const ids = (body: Body) => body.data.map((r) => r.paymentId);

async function expectInvalid(
  m: TestMerchant,
  { query, field, code = "params_validation" }: { query: string; field: string; code?: string },
) {
  const res = await call(m, query);
  expect(res.status).toBe(400);
  expect(res.body.code).toBe(code);
  if (code === "params_validation") expect(res.body.issues.map((i: { field: string }) => i.field)).toContain(field);
}

const at = (iso: string) => new Date(iso);
const BASE = "eip155:8453";
const SOL = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";

describe("GET /v1/merchants/payments answers the contract's MerchantPaymentsResponse", () => {
  it("camelCase records with what the payment knows, nextCursor and camelCase stats", async () => {
    const m = await newMerchant();
    const done = await seedPayment(m.merchantId, {
      ...paid("0xbuyer"),
      referenceId: "order-1",
      fiatAmount: 1250n,
      createdAt: at("2025-03-01T10:00:00Z"),
    });
    const open = await seedPayment(m.merchantId, { referenceId: "order-2", createdAt: at("2025-03-01T11:00:00Z") });
    const body = await list(m);
    expect(body).not.toHaveProperty("next_cursor");
    expect(body.nextCursor).toBeNull();
    expect(body.stats).toEqual({
      totalRevenue: [{ amount: 12.5, currency: "USD" }],
      totalTransactions: 1,
      totalCustomers: 1,
    });
    expect(ids(body)).toEqual([open, done]);

    const [pending, succeeded] = body.data;
    expect(succeeded).toMatchObject({
      paymentId: done,
      merchant: { id: m.merchantId, name: expect.any(String), iconUrl: null },
      referenceId: "order-1",
      status: "succeeded",
      isTerminal: true,
      fiatAmount: { unit: "iso4217/USD", value: "1250", display: { assetSymbol: "USD", decimals: 2 } },
      tokenAmount: {
        unit: "caip19/eip155:31337/erc20:0x0000000000000000000000000000000000000001",
        value: "10000000",
        display: { assetSymbol: "USDC", decimals: 6 },
      },
      buyer: { accountCaip10: "eip155:31337:0xbuyer", accountProviderName: "Test Wallet" },
      transaction: { networkId: "eip155:31337", hash: expect.stringMatching(/^0x/) },
      settlement: { settled: true, txHash: expect.stringMatching(/^0x/) },
      createdAt: "2025-03-01T10:00:00.000Z",
      settledAt: expect.any(String),
    });
    expect(succeeded).not.toHaveProperty("payment_id");
    // Nothing chosen yet: absent, never null (the contract does not allow null there).
    expect(pending).toMatchObject({
      paymentId: open,
      status: "requires_action",
      isTerminal: false,
      settlement: { settled: false },
    });
    for (const field of ["tokenAmount", "buyer", "transaction", "settledAt"]) expect(pending).not.toHaveProperty(field);
  });

  it("GET /v1/payments lists the same for the merchant of the Api-Key, with or without Merchant-Id", async () => {
    const m = await newMerchant();
    const created = (await (await createPaymentRequest(m, usd("700"), { headers: {}, path: "/v1/payments" })).json())
      .paymentId as string;
    const alone = await call({ "api-key": m.apiKey }, "", "/v1/payments");
    expect(alone.status).toBe(200);
    expect(ids(alone.body)).toEqual([created]);
    expect(ids(await list(m, "", "/v1/payments"))).toEqual([created]);
    expect((await list(m, "", "/v1/payments")).data).toEqual((await list(m)).data);
  });
});

describe("filters", () => {
  it("status speaks the contract: cancelled apart from failed, requires_action apart from a lapsed payment", async () => {
    const m = await newMerchant();
    const past = new Date(Date.now() - 60_000);
    const s = {
      open: await seedPayment(m.merchantId),
      lapsed: await seedPayment(m.merchantId, { expiresAt: past }),
      expired: await seedPayment(m.merchantId, { status: "expired", expiresAt: past }),
      processing: await seedPayment(m.merchantId, { status: "processing" }),
      succeeded: await seedPayment(m.merchantId, paid("0xa")),
      failed: await seedPayment(m.merchantId, { status: "failed", finalizedAt: new Date() }),
      cancelled: await seedPayment(m.merchantId, {
        status: "cancelled",
        cancelReason: "cancelled_by_merchant",
        finalizedAt: new Date(),
      }),
    };
    const statusOf = Object.fromEntries((await list(m)).data.map((r) => [r.paymentId, r.status]));
    expect(statusOf).toEqual({
      [s.open]: "requires_action",
      [s.lapsed]: "expired",
      [s.expired]: "expired",
      [s.processing]: "processing",
      [s.succeeded]: "succeeded",
      [s.failed]: "failed",
      [s.cancelled]: "cancelled",
    });
    const only = async (q: string) => ids(await list(m, q)).sort();
    expect(await only("status=cancelled")).toEqual([s.cancelled]);
    expect(await only("status=failed")).toEqual([s.failed]);
    expect(await only("status=requires_action")).toEqual([s.open]);
    expect(await only("status=expired")).toEqual([s.lapsed, s.expired].sort());
    expect(await only("status=failed&status=cancelled")).toEqual([s.failed, s.cancelled].sort());
    expect(await only("status=processing,succeeded")).toEqual([s.processing, s.succeeded].sort());
    await expectInvalid(m, { query: "status=pending", field: "status" });

    // The deprecated path route keeps spec 3.2: cancelled reads (and filters as) failed, and has no cancelled.
    const legacy = await (await legacyListing(m, "status=failed")).json();
    expect(legacy.data.map((r: { payment_id: string; status: string }) => [r.payment_id, r.status]).sort()).toEqual(
      [
        [s.failed, "failed"],
        [s.cancelled, "failed"],
      ].sort(),
    );
    expect(legacy).toHaveProperty("next_cursor");
    expect((await legacyListing(m, "status=cancelled")).status).toBe(400);
  });

  it("startTs and endTs bound the creation time, inclusive, in any zone", async () => {
    const m = await newMerchant();
    const a = await seedPayment(m.merchantId, { createdAt: at("2025-03-01T09:59:59Z") });
    const b = await seedPayment(m.merchantId, { createdAt: at("2025-03-01T10:00:00Z") });
    const c = await seedPayment(m.merchantId, { createdAt: at("2025-03-02T12:00:00Z") });
    const d = await seedPayment(m.merchantId, { createdAt: at("2025-03-02T12:00:01Z") });
    expect(ids(await list(m, "startTs=2025-03-01T10:00:00Z&endTs=2025-03-02T12:00:00Z"))).toEqual([c, b]);
    expect(ids(await list(m, `startTs=${encodeURIComponent("2025-03-01T11:00:00+01:00")}`))).toEqual([d, c, b]);
    expect(ids(await list(m, "endTs=2025-03-01T10:00:00Z"))).toEqual([b, a]);
    await expectInvalid(m, { query: "startTs=2025-03-02T00:00:00Z&endTs=2025-03-01T00:00:00Z", field: "endTs" });
    await expectInvalid(m, { query: "startTs=2025-02-29T00:00:00Z", field: "startTs" });
    await expectInvalid(m, { query: "endTs=2025-03-01", field: "endTs" });
  });

  it("token_symbol (one or more, any case) and network", async () => {
    const m = await newMerchant();
    const usdcBase = await seedPayment(
      m.merchantId,
      paid("0xa", BASE, `${BASE}/erc20:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913`),
    );
    const usdtBase = await seedPayment(m.merchantId, {
      ...paid("0xb", BASE, `${BASE}/erc20:0xfde4c96c8593536e31f229ea8f37b2ada2699bb2`),
      tokenSymbol: "USDT",
    });
    const usdcSol = await seedPayment(
      m.merchantId,
      paid("Buyer1", SOL, `${SOL}/token:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v`),
    );
    await seedPayment(m.merchantId); // no token yet: no symbol filter matches it
    expect(ids(await list(m, "token_symbol=USDT"))).toEqual([usdtBase]);
    expect(ids(await list(m, "token_symbol=usdc")).sort()).toEqual([usdcBase, usdcSol].sort());
    expect(ids(await list(m, "token_symbol=USDC&token_symbol=USDT")).sort()).toEqual(
      [usdcBase, usdtBase, usdcSol].sort(),
    );
    expect(ids(await list(m, `network=${SOL}`))).toEqual([usdcSol]);
    expect(ids(await list(m, `network=${BASE}&token_symbol=USDC`))).toEqual([usdcBase]);
    // Statistics follow the filters that the rollups cannot answer too.
    expect((await list(m, "token_symbol=USDC")).stats).toEqual({
      totalRevenue: [{ amount: 20, currency: "USD" }],
      totalTransactions: 2,
      totalCustomers: 2,
    });
    await expectInvalid(m, { query: "token_symbol=", field: "token_symbol" });
    await expectInvalid(m, { query: "network=base", field: "network" });
  });

  it("referenceId is a case-insensitive substring of 3 to 35 characters", async () => {
    const m = await newMerchant();
    const one = await seedPayment(m.merchantId, { referenceId: "order-AB-123", createdAt: at("2025-03-01T10:00:00Z") });
    const two = await seedPayment(m.merchantId, { referenceId: "ORDER-ab-456", createdAt: at("2025-03-01T11:00:00Z") });
    await seedPayment(m.merchantId, { referenceId: "other-789" });
    expect(ids(await list(m, "referenceId=ab-"))).toEqual([two, one]);
    expect(ids(await list(m, "referenceId=B-1"))).toEqual([one]);
    expect(ids(await list(m, "referenceId=zzz"))).toEqual([]);
    expect(ids(await list(m, `referenceId=${"x".repeat(35)}`))).toEqual([]);
    await expectInvalid(m, { query: "referenceId=ab", field: "referenceId" });
    await expectInvalid(m, { query: `referenceId=${"x".repeat(36)}`, field: "referenceId" });
    await expectInvalid(m, { query: "referenceId=ab%25", field: "referenceId" });
  });
});

describe("sorting and paging", () => {
  it.each([
    ["date", "asc"],
    ["date", "desc"],
    ["amount", "asc"],
    ["amount", "desc"],
  ])("sortBy=%s sortDir=%s orders every record", async (sortBy, sortDir) => {
    const m = await newMerchant();
    for (const [i, amount] of [300n, 100n, 500n, 200n, 400n].entries()) {
      await seedPayment(m.merchantId, {
        fiatAmount: amount,
        createdAt: new Date(Date.UTC(2025, 2, 1, 10, (i * 7) % 5)),
      });
    }
    const { data } = await list(m, `sortBy=${sortBy}&sortDir=${sortDir}`);
    const keys = data.map((r) => (sortBy === "amount" ? Number(r.fiatAmount.value) : Date.parse(r.createdAt)));
    expect(keys).toEqual([...keys].sort((x, y) => (sortDir === "asc" ? x - y : y - x)));
    expect(new Set(keys).size).toBe(5);
  });

  it.each([
    ["date", "desc"],
    ["amount", "asc"],
  ])("nextCursor pages (%s %s) through every payment once, while new ones arrive", async (sortBy, sortDir) => {
    const m = await newMerchant();
    const original = new Set<string>();
    const sameInstant = new Date(Date.now() - 60_000);
    for (let i = 0; i < 11; i++)
      original.add(
        await seedPayment(m.merchantId, {
          fiatAmount: BigInt(100 + (i % 3)),
          createdAt: i % 2 ? sameInstant : new Date(Date.now() - 120_000 - i * 1000),
        }),
      );
    const seen: Listed[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const body: Body = await list(
        m,
        `limit=3&sortBy=${sortBy}&sortDir=${sortDir}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(body.data.length).toBeLessThanOrEqual(3);
      seen.push(...body.data);
      cursor = body.nextCursor;
      pages++;
      await createPaymentRequest(m, usd(String(100 + pages)));
    } while (cursor && pages < 20);
    expect(pages).toBeGreaterThan(3);
    const all = seen.map((r) => r.paymentId);
    expect(new Set(all).size).toBe(all.length);
    for (const id of original) expect(all).toContain(id);
  });

  it("limit is 1 to 200, default 50; out of range is 400 params_validation", async () => {
    const m = await newMerchant();
    for (let i = 0; i < 51; i++) await seedPayment(m.merchantId);
    expect((await list(m)).data).toHaveLength(50);
    expect((await list(m, "limit=1")).data).toHaveLength(1);
    expect((await list(m, "limit=200")).data).toHaveLength(51);
    await expectInvalid(m, { query: "limit=0", field: "limit" });
    await expectInvalid(m, { query: "limit=201", field: "limit" });
    await expectInvalid(m, { query: "limit=ten", field: "limit" });
  });

  it("a cursor is bound to its filters and sort: another is 400 invalid_params", async () => {
    const m = await newMerchant();
    for (let i = 0; i < 3; i++) await seedPayment(m.merchantId);
    const { nextCursor } = await list(m, "limit=1&status=requires_action");
    await expectInvalid(m, {
      query: `limit=1&status=failed&cursor=${encodeURIComponent(nextCursor!)}`,
      field: "cursor",
      code: "invalid_params",
    });
    await expectInvalid(m, { query: "cursor=forged.mac", field: "cursor", code: "invalid_params" });
  });
});

describe("today's snake_case names, for one release", () => {
  it("start_ts, end_ts, sort_by and sort_dir still work, with a Warning naming the new names", async () => {
    const m = await newMerchant();
    for (const [i, amount] of [300n, 100n, 200n].entries())
      await seedPayment(m.merchantId, { fiatAmount: amount, createdAt: new Date(Date.UTC(2025, 2, 1 + i)) });
    const old = await call(m, "start_ts=2025-03-02T00:00:00Z&end_ts=2025-03-03T00:00:00Z&sort_by=amount&sort_dir=asc");
    const current = await call(m, "startTs=2025-03-02T00:00:00Z&endTs=2025-03-03T00:00:00Z&sortBy=amount&sortDir=asc");
    expect(old.status).toBe(200);
    expect(old.body.data.map((r: Listed) => r.fiatAmount.value)).toEqual(["100", "200"]);
    expect(old.body).toEqual(current.body);
    expect(old.headers.get("warning")).toMatch(
      /^299 - "Deprecated query parameters: start_ts \(use startTs\), end_ts \(use endTs\), sort_by \(use sortBy\), sort_dir \(use sortDir\)"$/,
    );
    expect(current.headers.get("warning")).toBeNull();
    await expectInvalid(m, { query: "sort_by=amount&sortBy=date", field: "sortBy" });
  });
});

describe("isolation and authentication", () => {
  it("another merchant's payments never appear, whatever the route, filter or cursor", async () => {
    const alice = await newMerchant();
    const bob = await newMerchant();
    const mine = await seedPayment(alice.merchantId, { referenceId: "shared-ref-1" });
    for (let i = 0; i < 3; i++) await seedPayment(bob.merchantId, { referenceId: `shared-ref-${i}` });
    expect(ids(await list(alice))).toEqual([mine]);
    expect(ids(await list(alice, "referenceId=shared"))).toEqual([mine]);
    expect(ids(await list(alice, "", "/v1/payments"))).toEqual([mine]);
    // The contract's merchant filter cannot reach past the key's own merchant.
    expect((await list(alice, `merchantId=${bob.merchantId}`, "/v1/payments")).data).toEqual([]);
    expect(ids(await list(alice, `merchantId=${alice.merchantId}`, "/v1/payments"))).toEqual([mine]);
    const bobsCursor = (await list(bob, "limit=1")).nextCursor!;
    await expectInvalid(alice, {
      query: `limit=1&cursor=${encodeURIComponent(bobsCursor)}`,
      field: "cursor",
      code: "invalid_params",
    });
    // Alice's key naming Bob is refused.
    expect((await call({ "api-key": alice.apiKey, "merchant-id": bob.merchantId }, "", "/v1/payments")).status).toBe(
      401,
    );
  });

  it.each<[string, string, (m: TestMerchant) => Record<string, string>]>([
    ["no Api-Key", "missing_api_key", (m) => ({ "merchant-id": m.merchantId })],
    ["no Merchant-Id", "missing_merchant_id", (m) => ({ "api-key": m.apiKey })],
    ["a wrong key", "invalid_api_key", (m) => ({ "api-key": `${m.apiKey}x`, "merchant-id": m.merchantId })],
    [
      "an unknown merchant",
      "invalid_api_key",
      (m) => ({ "api-key": m.apiKey, "merchant-id": "mer_0000000000000000000000" }),
    ],
  ])("GET /v1/merchants/payments answers %s with 401 %s", async (_label, code, headers) => {
    const m = await newMerchant();
    const res = await call(headers(m));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(code);
  });

  it("GET /v1/payments answers a missing, wrong or revoked key with 401", async () => {
    const m = await newMerchant();
    const missing = await call({}, "", "/v1/payments");
    expect([missing.status, missing.body.code]).toEqual([401, "missing_api_key"]);
    const wrong = await call({ "api-key": "sk_nope" }, "", "/v1/payments");
    expect([wrong.status, wrong.body.code]).toEqual([401, "invalid_api_key"]);
    await revokeApiKey(testDb().db, m.keyId);
    const revoked = await call({ "api-key": m.apiKey }, "", "/v1/payments");
    expect([revoked.status, revoked.body.code]).toEqual([401, "invalid_api_key"]);
  });
});

describe("the OpenAPI document", () => {
  it("describes both replacement listings with their parameters and the contract's response", async () => {
    const doc = await (await api("/openapi.json")).json();
    const names = (path: string) => doc.paths[path].get.parameters.map((p: { name: string }) => p.name);
    const contract = [
      "startTs",
      "endTs",
      "token_symbol",
      "network",
      "sortBy",
      "sortDir",
      "cursor",
      "limit",
      "status",
      "referenceId",
    ];
    expect(names("/v1/merchants/payments")).toEqual(expect.arrayContaining([...contract, "start_ts", "sort_by"]));
    expect(names("/v1/payments")).toEqual(expect.arrayContaining([...contract, "merchantId"]));
    expect(doc.paths["/v1/payments"].post).toBeDefined();
    expect(doc.paths["/v1/merchants/payments"].get.responses["200"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/MerchantPaymentsResponse",
    });
    expect(doc.paths["/v1/merchants/payments"].get.responses["401"]["x-error-codes"]).toContain("missing_merchant_id");
  });
});
