import { getDb } from "@/db/client";
import { confirmBody, confirmPayment } from "@/lib/gateway/confirm-payment";
import { toGatewayStatus } from "@/lib/gateway/gateway-views";
import { loadGatewayPaymentOrThrow } from "@/lib/gateway/load-gateway-payment";
import { maxPollMsOf, withStatusWait } from "@/lib/payments/status-changes";
import { readJson } from "@/lib/http/read-json";
import { json, route } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/http/validate";

/** Confirm with the wallet's results (spec 4.5 step 3): verify, relay or broadcast, processing. */
export const POST = route<{ id: string }>(async ({ req, params }) => {
  const body = parseOrThrow(confirmBody, await readJson(req));
  // The wallet SDK names itself; listings show it as the wallet that paid.
  const walletName = req.headers.get("sdk-name")?.slice(0, 100) ?? null;
  const db = await getDb();
  const maxPollMs = maxPollMsOf(req.url);
  const confirmed = await confirmPayment(db, params.id, body, walletName);
  if (confirmed.isFinal || maxPollMs === 0) return json(confirmed);
  // Honour maxPollMs: hold the answer until the payment settles (or the budget runs out).
  const { payment } = await loadGatewayPaymentOrThrow(db, params.id);
  const read = async () => toGatewayStatus(await loadGatewayPaymentOrThrow(db, params.id));
  return json(await withStatusWait(payment.id, maxPollMs, read, (v) => v.isFinal));
}, { rateLimit: "gateway_confirm" });
