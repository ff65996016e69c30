import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { merchants } from "@/db/schema";
import { createApiKey } from "@/lib/auth/create-api-key";
import { createMerchant } from "@/lib/merchants/create-merchant";

const DEMO_NAME = "Demo Store";

/**
 * The demo merchant, created on first run and reused after. Secrets are shown only once, so each
 * run issues a fresh key for it (older demo keys stay valid until revoked with the CLI).
 */
export async function ensureDemoMerchant(db: Db, addresses: { evmAddress?: string; solanaAddress?: string } = {}) {
  const [existing] = await db.select().from(merchants).where(eq(merchants.name, DEMO_NAME)).limit(1);
  if (!existing) {
    const created = await createMerchant(db, { name: DEMO_NAME, currency: "USD", ...addresses });
    return { merchantId: created.merchantId, apiKey: created.apiKey, name: DEMO_NAME };
  }
  if (addresses.evmAddress || addresses.solanaAddress) {
    await db.update(merchants).set(addresses).where(eq(merchants.id, existing.id));
  }
  const key = await createApiKey(db, existing.id, "demo");
  return { merchantId: existing.id, apiKey: key.secret, name: DEMO_NAME };
}
