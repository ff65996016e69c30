import { merchantRoute } from "@/lib/http/merchant-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { getPaymentLink } from "@/lib/payment-links/get-payment-link";
import { paymentLinkParams, updatePaymentLinkBody } from "@/lib/payment-links/schemas";
import { updatePaymentLink } from "@/lib/payment-links/update-payment-link";

/** One of the merchant's links with its totals; another merchant's is 404. */
export const GET = merchantRoute<{ id: string }>(["links:manage"], async ({ params, db, merchant }) => {
  const { id } = parseOrThrow(paymentLinkParams, params, "Path");
  return json(await getPaymentLink(db, merchant.id, id));
});

/** Change the description, the redirects, or disable / enable the link; amounts never change. */
export const PATCH = merchantRoute<{ id: string }>(["links:manage"], async ({ req, params, db, merchant }) => {
  const { id } = parseOrThrow(paymentLinkParams, params, "Path");
  const body = parseOrThrow(updatePaymentLinkBody, await readJson(req));
  return json(await updatePaymentLink(db, { merchantId: merchant.id, id, body }));
});
