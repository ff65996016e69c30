import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as schema from "@/db/schema";
import { payments } from "@/db/schema";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { api, createPaymentRequest, newMerchant, usd } from "../support/api";
import { testDb } from "../support/db";
import { scratchDatabaseUrl } from "../support/scratch-database";
import { startServer, type RunningServer } from "../support/server";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function storedStatus(id: string) {
  const [row] = await testDb().db.select({ status: payments.status }).from(payments).where(eq(payments.id, id));
  return row?.status;
}

describe("GET /v1/merchant/payment/{id}/status", () => {
  it("reports a new payment as pending, with a polling hint", async () => {
    const merchant = await newMerchant();
    const { paymentId } = await (await createPaymentRequest(merchant, usd("100"))).json();
    const res = await api(`/v1/merchant/payment/${paymentId}/status`, { merchant });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "pending", isFinal: false, pollInMs: expect.any(Number) });
    // The contract's route reads the same payment in its own words.
    const contract = await api(`/v1/payments/${paymentId}/status`, { merchant });
    expect(await contract.json()).toEqual({
      status: "requires_action",
      isFinal: false,
      pollInMs: expect.any(Number),
      info: null,
      failureCode: null,
    });
  });

  it("reports final states with isFinal true and pollInMs null", async () => {
    const merchant = await newMerchant();
    const { paymentId } = await (await createPaymentRequest(merchant, usd("100"))).json();
    for (const status of ["processing", "succeeded", "failed"] as const) {
      await testDb().db.update(payments).set({ status }).where(eq(payments.id, paymentId));
      const body = await (await api(`/v1/merchant/payment/${paymentId}/status`, { merchant })).json();
      const isFinal = status !== "processing";
      expect(body).toEqual({ status, isFinal, pollInMs: isFinal ? null : expect.any(Number) });
    }
  });

  it("the expiry job marks a payment expired in the database once its window closes", async () => {
    const merchant = await newMerchant();
    const { paymentId } = await (
      await createPaymentRequest(merchant, { ...usd("100"), expiresAt: nowSeconds() + 2 })
    ).json();
    expect(await storedStatus(paymentId)).toBe("pending");
    const deadline = Date.now() + 15_000;
    // Nobody polls the API here: only the server's background sweep can change the row.
    while ((await storedStatus(paymentId)) !== "expired" && Date.now() < deadline) await sleep(250);
    expect(await storedStatus(paymentId)).toBe("expired");
    const body = await (await api(`/v1/merchant/payment/${paymentId}/status`, { merchant })).json();
    expect(body).toEqual({ status: "expired", isFinal: true, pollInMs: null });
  });

  describe("on a server whose expiry job is off (its own database, so no other sweep touches it)", () => {
    let server: RunningServer;
    let sql: postgres.Sql;
    beforeAll(async () => {
      const url = await scratchDatabaseUrl("payments_no_expiry_job");
      server = await startServer({ EXPIRY_JOB_INTERVAL_MS: "0", DATABASE_URL: url }, "no-expiry-job");
      sql = postgres(url, { max: 2, onnotice: () => {} });
    });
    afterAll(async () => {
      await sql?.end({ timeout: 5 });
      await server?.stop();
    });

    it("reads a payment past expiresAt as expired although the row still says pending", async () => {
      const merchant = await createMerchant(drizzle(sql, { schema }), { name: "No job", currency: "USD" });
      const headers = { "api-key": merchant.apiKey, "merchant-id": merchant.merchantId };
      const created = await fetch(`${server.url}/v1/merchant/payment`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ ...usd("100"), expiresAt: nowSeconds() + 2 }),
      });
      expect(created.status).toBe(201);
      const { paymentId } = await created.json();
      await sleep(3100);
      const res = await fetch(`${server.url}/v1/merchant/payment/${paymentId}/status`, { headers });
      expect(await res.json()).toEqual({ status: "expired", isFinal: true, pollInMs: null });
      const [row] = await sql`select status from payments where id = ${paymentId}`;
      expect(row?.status).toBe("pending");
    });
  });
});

describe("status polls on their own connections", () => {
  let server: RunningServer;

  beforeAll(async () => {
    // One connection in the main pool: a transaction stuck on a lock holds all of it.
    server = await startServer({ DATABASE_POOL_SIZE: "1", DATABASE_URL: inject("databaseUrl") }, "main-pool-of-one");
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("answers (merchant and gateway status, plain and long-poll) while a stuck transaction holds the whole main pool", async () => {
    const merchant = await newMerchant();
    const headers = { "api-key": merchant.apiKey, "merchant-id": merchant.merchantId };
    const first = await fetch(`${server.url}/v1/merchant/payment`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(usd("100")),
    });
    const { paymentId } = await first.json();

    const { sql } = testDb();
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Lock the merchant row: the server's next create (its insert checks the merchant foreign key)
    // waits on it inside a transaction that holds the main pool's only connection.
    const holder = sql.begin(async (tx) => {
      await tx`select id from merchants where id = ${merchant.merchantId} for update`;
      locked();
      await released;
    });
    await isLocked;
    const blockedCreate = fetch(`${server.url}/v1/merchant/payment`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(usd("200")),
    });
    try {
      await sleep(300);
      // The merchant's poll, a long-poll (its re-read after the wait), and the checkout's and
      // wallets' gateway poll, plain and long.
      const polls = [
        { path: `/v1/merchant/payment/${paymentId}/status`, headers, body: { status: "pending", isFinal: false } },
        {
          path: `/v1/merchant/payment/${paymentId}/status?maxPollMs=200`,
          headers,
          body: { status: "pending", isFinal: false },
        },
        {
          path: `/v1/gateway/payment/${paymentId}/status`,
          headers: {},
          body: { status: "requires_action", isFinal: false },
        },
        {
          path: `/v1/gateway/payment/${paymentId}/status?maxPollMs=200`,
          headers: {},
          body: { status: "requires_action", isFinal: false },
        },
      ];
      for (const poll of polls) {
        const started = Date.now();
        const res = await fetch(`${server.url}${poll.path}`, {
          headers: poll.headers,
          signal: AbortSignal.timeout(5000),
        });
        expect(res.status, poll.path).toBe(200);
        expect(await res.json(), poll.path).toMatchObject(poll.body);
        expect(Date.now() - started, poll.path).toBeLessThan(2000);
      }
    } finally {
      release();
      await holder;
    }
    // Nothing was lost: the create that waited completes once the lock is gone.
    expect((await blockedCreate).status).toBe(201);
  });
});
