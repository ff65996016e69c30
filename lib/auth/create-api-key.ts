import type { DbOrTx } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { newId } from "@/lib/ids";
import { displayPrefix, generateApiKeySecret, hashApiKey } from "./api-key-secret";

/** Issue an API key for a merchant; only its hash is stored. */
export async function createApiKey(db: DbOrTx, merchantId: string, name: string | null = null) {
  const secret = generateApiKeySecret();
  const id = newId("key");
  await db.insert(apiKeys).values({ id, merchantId, name, keyHash: hashApiKey(secret), prefix: displayPrefix(secret) });
  return { id, secret, prefix: displayPrefix(secret) };
}
