import type { Db } from "@/db/client";
import { loadNetworks } from "@/lib/chains/load-networks";
import { ApiError } from "@/lib/errors/api-error";
import { listPaymentsPage } from "@/lib/listings/list-payments-page";
import { parsePaymentsQuery } from "./payments-query";

/**
 * One page of the merchant's payments for the dashboard's filters. A page link whose cursor no longer
 * parses shows the first page with a note rather than an error page. Networks name the chains.
 */
export async function loadPaymentsPage(db: Db, merchantId: string, params: URLSearchParams) {
  const { query, issues } = parsePaymentsQuery(params);
  const page = await listPaymentsPage(db, merchantId, query).catch((err: unknown) => {
    if (!(err instanceof ApiError)) throw err;
    issues.push({ field: "cursor", message: "this page link is no longer valid; showing the first page" });
    return listPaymentsPage(db, merchantId, { ...query, cursor: undefined });
  });
  const networks = loadNetworks();
  return {
    page,
    issues,
    networkName: new Map(networks.map((n) => [n.chainId, n.name])),
    networkChoices: networks.map((n) => ({ value: n.chainId, label: n.name })),
    assetChoices: networks.flatMap((n) =>
      n.tokens.map((t) => ({ value: t.caip19, label: `${t.symbol} on ${n.name}` })),
    ),
  };
}
