import type { Db, DbOrTx } from "@/db/client";
import { merchants } from "@/db/schema";
import { createApiKey } from "@/lib/auth/create-api-key";
import { newId } from "@/lib/ids";

export type NewMerchant = {
  name: string;
  currency: string;
  evmAddress?: string | null;
  solanaAddress?: string | null;
};

/** Insert a merchant row (no key, no user); returns its id. */
export async function insertMerchant(db: DbOrTx, input: NewMerchant): Promise<string> {
  const merchantId = newId("mer");
  await db.insert(merchants).values({
    id: merchantId,
    name: input.name,
    currency: input.currency,
    evmAddress: input.evmAddress ?? null,
    solanaAddress: input.solanaAddress ?? null,
  });
  return merchantId;
}

/** Create a merchant and its first API key. The secret is returned here once and never again. */
export async function createMerchant(
  db: Db,
  input: NewMerchant,
): Promise<{ merchantId: string; apiKey: string; keyId: string }> {
  return db.transaction(async (tx) => {
    const merchantId = await insertMerchant(tx, input);
    const key = await createApiKey(tx, { merchantId, name: "default" });
    return { merchantId, apiKey: key.secret, keyId: key.id };
  });
}
