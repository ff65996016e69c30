import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { paymentLinkParams, updatePaymentLinkBody } from "@/lib/payment-links/schemas";
import { updatePaymentLink } from "@/lib/payment-links/update-payment-link";

/** Disable, enable or edit one of the signed-in merchant's links (another merchant's is 404). */
export const PATCH = dashboardRoute<{ id: string }>("links:manage", async ({ req, params, db, session }) => {
  const { id } = parseOrThrow(paymentLinkParams, params, "Path");
  const body = parseOrThrow(updatePaymentLinkBody, await readJson(req));
  return json(await updatePaymentLink(db, { merchantId: session.merchant.id, id, body }));
});
