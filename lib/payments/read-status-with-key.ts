import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { prepared } from "@/db/prepared-per-db";
import { apiKeys, merchants, payments } from "@/db/schema";
import {
  ACTIVE_KEY_OF_MERCHANT,
  LIVE_MERCHANT,
  MERCHANT_KEY_FIELDS,
  matchMerchantKey,
  merchantNotFound,
  partnerHeaders,
} from "@/lib/auth/authenticate-merchant";
import { recordKeyUse } from "@/lib/auth/record-key-use";
import { assertScopes, type ApiKeyScope } from "@/lib/auth/scopes";
import { ApiError } from "@/lib/errors/api-error";
import { PAYMENT_VIEW_FIELDS } from "./get-payment-or-throw";
import { paymentIdParam } from "./schemas";

/**
 * The status endpoint's hot path in one round trip: the merchant's active key hashes and the
 * payment come back in one prepared query, then the key is checked exactly as
 * authenticateMerchant does (auth errors first, then the key's `scope`, then payment_not_found, so a
 * key without the scope learns nothing of which payments exist).
 * `dbs.read` is the small pool for hot reads (`readDb` in db/client.ts); the key's last-use stamp is a
 * write, so it goes through `dbs.write`.
 */
export async function readStatusWithKey(
  dbs: { read: Db; write: Db },
  { headers, paymentId, scope }: { headers: Headers; paymentId: string; scope: ApiKeyScope },
) {
  const { merchantId, apiKey } = partnerHeaders(headers);
  const wellFormed = paymentIdParam.safeParse(paymentId).success;
  const rows = await statusQuery(dbs.read).execute({ merchantId, paymentId: wellFormed ? paymentId : "" });
  const merchant = matchMerchantKey(rows, apiKey);
  if (!merchant) throw merchantNotFound(merchantId);
  assertScopes(merchant, scope);
  recordKeyUse(dbs.write, merchant.keyId);
  const row = rows[0]!;
  // Another merchant's payment is joined too (by id alone, see statusQuery) and answers as a missing one.
  if (!row.paymentId || !row.payment || row.paymentMerchantId !== merchant.id) {
    throw new ApiError("payment_not_found", `No payment ${paymentId.slice(0, 64)} for this merchant`);
  }
  return { merchant, payment: row.payment };
}

/*
 * The key check's own query (authenticate-merchant) with the payment joined: one round trip for both.
 * The payment is joined by its id alone and its owner compared above. Joined on the merchant too, the
 * generic plan of this prepared statement read the payment through payments_merchant_created_idx
 * (merchant_id, created_at, id), where the id is no bound: a scan of all the merchant's payments older
 * than the one asked for, so a busy merchant's status polls slowed as it made payments (issue 29). By id
 * alone, the primary key is the only index that can serve the join.
 */
const statusQuery = prepared((db: Db) =>
  db
    .select({
      ...MERCHANT_KEY_FIELDS,
      paymentId: payments.id,
      paymentMerchantId: payments.merchantId,
      payment: PAYMENT_VIEW_FIELDS,
    })
    .from(merchants)
    .leftJoin(apiKeys, ACTIVE_KEY_OF_MERCHANT)
    .leftJoin(payments, eq(payments.id, sql.placeholder("paymentId")))
    .where(LIVE_MERCHANT)
    .prepare("merchant_status_with_key"),
);
