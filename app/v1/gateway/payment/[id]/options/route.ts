import { getPaymentOptions } from "@/lib/gateway/get-payment-options";
import { optionsBody } from "@/lib/gateway/parse-accounts";
import { clientNetwork } from "@/lib/http/client-ip";
import { readJson } from "@/lib/http/read-json";
import { dbRoute } from "@/lib/http/db-route";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";

/** Payment options for the wallet's accounts (spec 4.5 step 1). */
export const POST = dbRoute<{ id: string }>(
  async ({ req, params, db }) => {
    const body = parseOrThrow(optionsBody, await readJson(req));
    const includeInfo = new URL(req.url).searchParams.get("includePaymentInfo") === "true";
    return json(
      await getPaymentOptions(db, {
        pathId: params.id,
        accounts: body.accounts,
        includePaymentInfo: includeInfo,
        client: clientNetwork(req),
      }),
    );
  },
  { rateLimit: "gateway_options" },
);
