import { getPaymentRequests } from "@/lib/gateway/requests/get-payment-requests";
import { dbRoute } from "@/lib/http/db-route";
import { json } from "@/lib/http/route";

/** Payment requests in wallet standards (EIP-681) for a phone wallet to pay with no page open. */
export const GET = dbRoute<{ id: string }>(async ({ params, db }) => json(await getPaymentRequests(db, params.id)), {
  rateLimit: "gateway_options",
});
