import { readFileSync } from "node:fs";
import { test as base, expect } from "@playwright/test";
import { Keypair } from "@solana/web3.js";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import * as schema from "@/db/schema";
import { createMerchant } from "@/lib/merchants/create-merchant";
import type { DevnetInfo } from "../../../scripts/devnet/index";
import { testDatabaseUrl } from "../database-url";

/** `evmPrivateKey` holds the receiving address, for tests where the merchant's own wallet sends (refunds). */
type Merchant = { merchantId: string; apiKey: string; name: string; evmAddress: string; evmPrivateKey: `0x${string}`; solanaAddress: string };
type CreatePayment = (body: Record<string, unknown>) => Promise<{ paymentId: string; gatewayUrl: string; expiresAt: number }>;

/**
 * A fresh merchant per test receiving on both local chains at addresses of its own, and a helper
 * that creates its payments through the real API. Fresh addresses keep balances per test, and the
 * devnet restarts with the same keys while the test database persists, so a shared EVM address
 * could repeat an earlier run's tx hash.
 */
export const test = base.extend<{ baseUrl: string; devnet: DevnetInfo; merchant: Merchant; createPayment: CreatePayment }>({
  baseUrl: async ({}, provide) => provide(process.env.E2E_BASE_URL!),
  devnet: async ({}, provide) => provide(JSON.parse(readFileSync(process.env.E2E_DEVNET_FILE!, "utf8")) as DevnetInfo),
  merchant: async ({}, provide, info) => {
    const sql = postgres(testDatabaseUrl(), { max: 1, onnotice: () => {} });
    const name = `Acme Books ${info.workerIndex}-${Date.now() % 100000}`;
    const evmPrivateKey = generatePrivateKey();
    const evmAddress = privateKeyToAccount(evmPrivateKey).address;
    // The service creates the merchant's token account in the payment transaction if it is missing.
    const solanaAddress = Keypair.generate().publicKey.toBase58();
    const created = await createMerchant(drizzle(sql, { schema }), { name, currency: "USD", evmAddress, solanaAddress });
    await sql.end();
    await provide({ ...created, name, evmAddress, evmPrivateKey, solanaAddress });
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
