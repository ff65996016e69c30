import type { Db } from "@/db/client";
import { env } from "@/lib/env";
import { assertPayable } from "../assert-payable";
import { loadGatewayPaymentOrThrow } from "../load-gateway-payment";
import { solanaAssetOfSlugOrThrow } from "./solana-pay-link";

/** Served under public/: what a wallet shows for a merchant with no https icon of its own. */
const DEFAULT_ICON = "/icons/merchant.svg";

/**
 * A Solana Pay transaction request's GET: the merchant's name and an icon for the wallet to show
 * before it asks for the transaction. The icon is the merchant's own when it is an https URL (a data:
 * URL is no link a wallet fetches), else this service's, absolute. A payment no longer open, or an
 * asset the service has no such name for, answers as the POST would, so the wallet stops here.
 */
export async function describeTransactionRequest(db: Db, pathId: string, assetSlug: string) {
  const p = await loadGatewayPaymentOrThrow(db, pathId);
  assertPayable(p.status);
  solanaAssetOfSlugOrThrow(assetSlug);
  const own = p.merchantIconUrl?.startsWith("https://") ? p.merchantIconUrl : undefined;
  return { label: p.merchantName, icon: own ?? new URL(DEFAULT_ICON, env().PUBLIC_BASE_URL).toString() };
}
