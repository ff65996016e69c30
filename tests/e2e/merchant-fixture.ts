import { test as base, expect } from "@playwright/test";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "@/db/schema";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { testDatabaseUrl } from "../support/database-url";

type Merchant = { merchantId: string; apiKey: string; name: string };
type CreatePayment = (body: Record<string, unknown>) => Promise<{ paymentId: string; gatewayUrl: string; expiresAt: number }>;

/** A fresh merchant per test, and a helper that creates its payments through the real API. */
export const test = base.extend<{ baseUrl: string; merchant: Merchant; createPayment: CreatePayment }>({
  baseUrl: async ({}, provide) => provide(process.env.E2E_BASE_URL!),
  merchant: async ({}, provide, info) => {
    const sql = postgres(testDatabaseUrl(), { max: 1, onnotice: () => {} });
    const name = `Acme Books ${info.workerIndex}-${Date.now() % 100000}`;
    const created = await createMerchant(drizzle(sql, { schema }), { name, currency: "USD" });
    await sql.end();
    await provide({ ...created, name });
  },
  createPayment: async ({ baseUrl, merchant }, provide) => {
    await provide(async (body) => {
      const res = await fetch(`${baseUrl}/v1/merchant/payment`, {
        method: "POST",
        headers: { "api-key": merchant.apiKey, "merchant-id": merchant.merchantId, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(201);
      return res.json();
    });
  },
});

export { expect };
