import { merchantRoute } from "@/lib/http/merchant-route";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { listLinkPayments } from "@/lib/payment-links/list-link-payments";
import { linkPaymentsQuery, paymentLinkParams } from "@/lib/payment-links/schemas";

/** The payments buyers made through one of the merchant's links, newest first, with the link's totals. */
export const GET = merchantRoute<{ id: string }>(["links:manage"], async ({ req, params, db, merchant }) => {
  const { id } = parseOrThrow(paymentLinkParams, params, "Path");
  const page = parseOrThrow(linkPaymentsQuery, Object.fromEntries(new URL(req.url).searchParams), "Query");
  return json(await listLinkPayments(db, { merchantId: merchant.id, linkId: id, page }));
});
