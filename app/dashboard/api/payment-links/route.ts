import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { createPaymentLink } from "@/lib/payment-links/create-payment-link";
import { createPaymentLinkBody } from "@/lib/payment-links/schemas";

/** Make a payment link for the signed-in merchant (the merchant API's body and rules). */
export const POST = dashboardRoute("links:manage", async ({ req, db, session }) => {
  const body = parseOrThrow(createPaymentLinkBody, await readJson(req));
  return json(await createPaymentLink(db, session.merchant, body), 201);
});
