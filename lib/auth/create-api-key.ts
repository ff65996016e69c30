import type { DbOrTx } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { displayPrefix, generateApiKeySecret, hashApiKey } from "./api-key-secret";
import { POS_SCOPES, STANDARD_SCOPES, type ApiKeyScope } from "./scopes";

/** What a new key may do: every standard scope unless the merchant chose fewer; a POS key's fixed set. */
export type NewKeyGrant = { kind: "standard"; scopes?: readonly ApiKeyScope[] } | { kind: "pos" };

/** Issue an API key for a merchant; only its hash is stored. */
export async function createApiKey(
  db: DbOrTx,
  {
    merchantId,
    name = null,
    grant = { kind: "standard" },
  }: { merchantId: string; name?: string | null; grant?: NewKeyGrant },
) {
  const secret = generateApiKeySecret();
  const id = newId("key");
  const scopes = grant.kind === "pos" ? POS_SCOPES : (grant.scopes ?? STANDARD_SCOPES);
  await db.insert(apiKeys).values({
    id,
    merchantId,
    name,
    keyHash: hashApiKey(secret),
    prefix: displayPrefix(secret),
    kind: grant.kind,
    scopes: [...scopes],
  });
  return { id, secret, prefix: displayPrefix(secret), kind: grant.kind, scopes: [...scopes] };
}

/**
 * The link that sets up a point-of-sale device: the POS page reads the key from the fragment, which
 * browsers never send to a server or in a Referer, keeps it on the device and drops it from the address bar.
 */
export function posSetupUrl(merchantId: string, secret: string): string {
  const fragment = new URLSearchParams({ merchant: merchantId, key: secret });
  return `${env().PUBLIC_BASE_URL}/pos#${fragment.toString()}`;
}
