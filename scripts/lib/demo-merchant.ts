import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { merchants, users } from "@/db/schema";
import { createApiKey } from "@/lib/auth/create-api-key";
import { hashPassword } from "@/lib/auth/password-hash";
import { createUser } from "@/lib/dashboard/create-user";
import { createMerchant } from "@/lib/merchants/create-merchant";

const DEMO_EMAIL = "demo@example.com";

/**
 * The demo merchant's dashboard user. Its password is fresh on every run (printed, never stored in
 * clear), like the demo API key.
 */
export async function ensureDemoUser(db: Db, merchantId: string): Promise<{ email: string; password: string }> {
  const password = randomBytes(12).toString("base64url");
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, DEMO_EMAIL), eq(users.merchantId, merchantId)))
    .limit(1);
  if (existing)
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, existing.id));
  else await createUser(db, { merchantId, email: DEMO_EMAIL, password });
  return { email: DEMO_EMAIL, password };
}

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
  const key = await createApiKey(db, { merchantId: existing.id, name: "demo" });
  return { merchantId: existing.id, apiKey: key.secret, name: DEMO_NAME };
}
