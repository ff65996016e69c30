import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "@/db/schema";
import { createMerchant } from "@/lib/merchants/create-merchant";

export type Fixture = {
  merchantId: string;
  headers: Record<string, string>;
  paymentId: string;
  /** Remove the bench merchant and everything it made, then close the connection. */
  close: () => Promise<void>;
};

/** A fresh bench merchant (created in the database the app uses) and one payment made through the API. */
export async function createFixture(databaseUrl: string, appUrl: string): Promise<Fixture> {
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  const close = async (ownerId?: string) => {
    // Each run creates thousands of payments; drop them so repeated runs don't grow the test database.
    if (ownerId) await deleteMerchant(sql, ownerId);
    await sql.end({ timeout: 5 });
  };
  let merchantId: string | undefined;
  try {
    const created = await createMerchant(drizzle(sql, { schema }), { name: "bench-api", currency: "USD" });
    merchantId = created.merchantId;
    const headers = { "Api-Key": created.apiKey, "Merchant-Id": merchantId, "Content-Type": "application/json" };
    const res = await fetch(`${appUrl}/v1/merchant/payment`, {
      method: "POST",
      headers,
      body: JSON.stringify({ amount: { unit: "iso4217/USD", value: "1250" }, referenceId: "bench-setup" }),
    });
    if (res.status !== 201) throw new Error(`creating the bench payment answered ${res.status}: ${await res.text()}`);
    const { paymentId } = (await res.json()) as { paymentId: string };
    const owner = merchantId;
    return { merchantId, headers, paymentId, close: () => close(owner) };
  } catch (err) {
    await close(merchantId);
    throw err;
  }
}

/**
 * Delete the bench merchant and its rows. After an interrupt the load may still be creating
 * payments, so its key is revoked first (new requests get 401) and the delete is retried while
 * requests that were already past authentication finish.
 */
async function deleteMerchant(sql: postgres.Sql, merchantId: string): Promise<void> {
  await sql`update api_keys set revoked_at = now() where merchant_id = ${merchantId} and revoked_at is null`;
  for (let attempt = 1; ; attempt++) {
    try {
      await sql.begin(async (tx) => {
        // Payment events (their deliveries cascade) name the merchant and its payments.
        await tx`delete from webhook_events where merchant_id = ${merchantId}`;
        await tx`delete from payments where merchant_id = ${merchantId}`;
        await tx`delete from api_keys where merchant_id = ${merchantId}`;
        await tx`delete from merchants where id = ${merchantId}`;
      });
      return;
    } catch (err) {
      if (attempt === 5) return console.warn(`cleanup: could not delete bench merchant ${merchantId}: ${String(err)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
