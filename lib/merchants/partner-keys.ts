import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { partnerApiKeys, partners } from "@/db/schema";
import { displayPrefix, generateApiKeySecret, hashApiKey, PARTNER_KEY_PREFIX } from "@/lib/auth/api-key-secret";
import { newId } from "@/lib/ids";

/**
 * A new API key for an existing partner, beside the ones it has: rotation is add, switch the
 * platform over, then revoke the old key. The secret is returned here once. Undefined: no such partner.
 */
export async function addPartnerKey(db: Db, partnerId: string): Promise<{ apiKey: string; keyId: string } | undefined> {
  const [partner] = await db.select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId));
  if (!partner) return undefined;
  const secret = generateApiKeySecret(PARTNER_KEY_PREFIX);
  const keyId = newId("pky");
  await db
    .insert(partnerApiKeys)
    .values({ id: keyId, partnerId, keyHash: hashApiKey(secret), prefix: displayPrefix(secret) });
  return { apiKey: secret, keyId };
}

/**
 * Revoke a partner key: refused on its next request (partner keys are looked up on every request,
 * never cached). False when there is no active key of that id.
 */
export async function revokePartnerKey(db: Db, keyId: string): Promise<boolean> {
  const revoked = await db
    .update(partnerApiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(partnerApiKeys.id, keyId), isNull(partnerApiKeys.revokedAt)))
    .returning({ id: partnerApiKeys.id });
  return revoked.length > 0;
}
