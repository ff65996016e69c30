import { confirmBody, confirmPayment } from "@/lib/gateway/confirm-payment";
import { dbRoute } from "@/lib/http/db-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { maxPollMsOf } from "@/lib/payments/status-changes";

/** Confirm with the wallet's results (spec 4.5 step 3): verify, relay or broadcast, processing; `?maxPollMs` waits for final. */
export const POST = dbRoute<{ id: string }>(
  async ({ req, params, db }) => {
    const body = parseOrThrow(confirmBody, await readJson(req));
    // The wallet SDK names itself; listings show it as the wallet that paid.
    const walletName = req.headers.get("sdk-name")?.slice(0, 100) ?? null;
    return json(await confirmPayment(db, { pathId: params.id, body, walletName, maxPollMs: maxPollMsOf(req.url) }));
  },
  { rateLimit: "gateway_confirm" },
);
