import type { Db } from "@/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { assertPayable } from "./assert-payable";
import { buildOptions } from "./build-options";
import { toPaymentInfo } from "./gateway-views";
import { loadGatewayPaymentOrThrow } from "./load-gateway-payment";
import { parseAccounts } from "./parse-accounts";
import { withChainErrors } from "./chain-errors";

/**
 * Options for the accounts a wallet holds (spec 4.5 step 1), with the payment's info when asked.
 * `client` is the caller's network (lib/http/client-ip.ts): the live quotes it may hold are its own share.
 */
export async function getPaymentOptions(
  db: Db,
  {
    pathId,
    accounts,
    includePaymentInfo,
    client,
  }: { pathId: string; accounts: string[]; includePaymentInfo: boolean; client: string },
) {
  const p = await loadGatewayPaymentOrThrow(db, pathId);
  assertPayable(p.status);
  // A merchant deleted over the Platform API takes no new payments; quotes already offered stay payable.
  if (p.merchantDeletedAt) throw new ApiError("invalid_state", "This merchant no longer accepts payments");
  const parsed = parseAccounts(accounts);
  const options = await withChainErrors(() => buildOptions(db, { payment: p, accounts: parsed, client }));
  return { options, info: includePaymentInfo ? toPaymentInfo(p) : null };
}
