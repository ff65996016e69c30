import { merchantRoute } from "@/lib/http/merchant-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { createPaymentLink } from "@/lib/payment-links/create-payment-link";
import { listPaymentLinks } from "@/lib/payment-links/list-payment-links";
import { createPaymentLinkBody, paymentLinksQuery } from "@/lib/payment-links/schemas";

/** Make a reusable link in the merchant's currency: a fixed amount, or one the buyer enters within a range. */
export const POST = merchantRoute(["links:manage"], async ({ req, db, merchant }) => {
  const body = parseOrThrow(createPaymentLinkBody, await readJson(req));
  return json(await createPaymentLink(db, merchant, body), 201);
});

/** The merchant's links, newest first, each with its payments' totals. */
export const GET = merchantRoute(["links:manage"], async ({ req, db, merchant }) => {
  const query = parseOrThrow(paymentLinksQuery, Object.fromEntries(new URL(req.url).searchParams), "Query");
  return json(await listPaymentLinks(db, merchant.id, query));
});
