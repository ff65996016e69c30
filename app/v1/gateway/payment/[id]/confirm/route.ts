import { getDb } from "@/db/client";
import { confirmBody, confirmPayment } from "@/lib/gateway/confirm-payment";
import { readJson } from "@/lib/http/read-json";
import { json, route } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/http/validate";

/** Confirm with the wallet's results (spec 4.5 step 3): verify, relay or broadcast, processing. */
export const POST = route<{ id: string }>(async ({ req, params }) => {
  const body = parseOrThrow(confirmBody, await readJson(req));
  // The wallet SDK names itself; listings show it as the wallet that paid.
  const walletName = req.headers.get("sdk-name")?.slice(0, 100) ?? null;
  return json(await confirmPayment(await getDb(), params.id, body, walletName));
});
