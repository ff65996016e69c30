import type { Db } from "@/db/client";
import { partnerApiKeys, partners } from "@/db/schema";
import { displayPrefix, generateApiKeySecret, hashApiKey, PARTNER_KEY_PREFIX } from "@/lib/auth/api-key-secret";
import { newId } from "@/lib/ids";

/** Create a platform partner and its first API key. The secret is returned here once and never again. */
export async function createPartner(
  db: Db,
  name: string,
): Promise<{ partnerId: string; apiKey: string; keyId: string }> {
  return db.transaction(async (tx) => {
    const partnerId = newId("ptn");
    await tx.insert(partners).values({ id: partnerId, name });
    const secret = generateApiKeySecret(PARTNER_KEY_PREFIX);
    const keyId = newId("pky");
    await tx
      .insert(partnerApiKeys)
      .values({ id: keyId, partnerId, keyHash: hashApiKey(secret), prefix: displayPrefix(secret) });
    return { partnerId, apiKey: secret, keyId };
  });
}
