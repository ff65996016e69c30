import { dbRoute } from "@/lib/http/db-route";
import { readOptionalJson } from "@/lib/http/read-optional-json";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { payPaymentLink } from "@/lib/payment-links/pay-payment-link";
import { paymentLinkParams, payLinkBody } from "@/lib/payment-links/schemas";

/**
 * A buyer opens a link and pays (no credentials: the link's page calls it): a new payment for the link's
 * amount or the buyer's, answered with its checkout. Rate-limited per client address.
 */
export const POST = dbRoute<{ id: string }>(
  async ({ req, params, db }) => {
    const { id } = parseOrThrow(paymentLinkParams, params, "Path");
    const { amount } = parseOrThrow(payLinkBody, await readOptionalJson(req));
    return json(await payPaymentLink(db, id, amount), 201);
  },
  { rateLimit: "payment_link_payments" },
);
