import { readFileSync } from "node:fs";
import { test as base, expect } from "@playwright/test";
import { Keypair } from "@solana/web3.js";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Db } from "@/db/client";
import * as schema from "@/db/schema";
import { createMerchant } from "@/lib/merchants/create-merchant";
import type { DevnetInfo } from "@payment-service/devnet";
import { testDatabaseUrl } from "../database-url";
import { createPaymentWith, type CreatedPayment } from "../devnet-buyer";

/** `evmPrivateKey` holds the receiving address, for tests where the merchant's own wallet sends (refunds). */
type Merchant = {
  merchantId: string;
  apiKey: string;
  name: string;
  evmAddress: string;
  evmPrivateKey: `0x${string}`;
  solanaAddress: string;
};
type CreatePayment = (body: Record<string, unknown>) => Promise<CreatedPayment>;

/**
 * The test database, for what an operator does outside the service (`merchant create`, `user
 * create`). Payments are never written here: they go through the API and the gateway.
 */
export async function withTestDb<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const sql = postgres(testDatabaseUrl(), { max: 1, onnotice: () => {} });
  try {
    return await work(drizzle(sql, { schema }));
  } finally {
    await sql.end();
  }
}

/**
 * The server and local chains the global setup started (E2E_BASE_URL, E2E_DEVNET_FILE); a fresh
 * merchant per test receiving on both local chains at addresses of its own, and a helper that
 * creates its payments through the real API. Fresh addresses keep balances per test, and the
 * devnet restarts with the same keys while the test database persists, so a shared EVM address
 * could repeat an earlier run's tx hash.
 */
export const test = base.extend<{
  baseUrl: string;
  devnet: DevnetInfo;
  merchant: Merchant;
  createPayment: CreatePayment;
}>({
  baseUrl: async ({}, provide) => provide(process.env.E2E_BASE_URL!),
  devnet: async ({}, provide) => provide(JSON.parse(readFileSync(process.env.E2E_DEVNET_FILE!, "utf8")) as DevnetInfo),
  merchant: async ({}, provide, info) => {
    const name = `Acme Books ${info.workerIndex}-${Date.now() % 100000}`;
    const evmPrivateKey = generatePrivateKey();
    const evmAddress = privateKeyToAccount(evmPrivateKey).address;
    // The service creates the merchant's token account in the payment transaction if it is missing.
    const solanaAddress = Keypair.generate().publicKey.toBase58();
    const created = await withTestDb((db) => createMerchant(db, { name, currency: "USD", evmAddress, solanaAddress }));
    await provide({ ...created, name, evmAddress, evmPrivateKey, solanaAddress });
  },
  createPayment: async ({ baseUrl, merchant }, provide) => {
    await provide((body) => createPaymentWith({ url: baseUrl }, merchant, body));
  },
});

export { expect };
