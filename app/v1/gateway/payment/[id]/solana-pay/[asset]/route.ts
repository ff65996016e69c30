import { parseOrThrow } from "@/lib/errors/validate";
import { createTransactionRequest } from "@/lib/gateway/requests/create-transaction-request";
import { describeTransactionRequest } from "@/lib/gateway/requests/describe-transaction-request";
import { solanaPayTransactionBody } from "@/lib/gateway/requests/solana-pay-schemas";
import { clientNetwork } from "@/lib/http/client-ip";
import { dbRoute } from "@/lib/http/db-route";
import { readJson } from "@/lib/http/read-json";
import { json, route } from "@/lib/http/route";

type Params = { id: string; asset: string };

// Solana Pay wallets call the link from their own apps (and web wallets from any origin): every
// answer, errors included, may be read by any origin. Nothing here rides on cookies.
const CORS = { "access-control-allow-origin": "*" };

/** A Solana Pay transaction request: the label and icon a wallet shows first. */
export const GET = dbRoute<Params>(
  async ({ params, db }) => json(await describeTransactionRequest(db, params.id, params.asset)),
  { rateLimit: "gateway_options", headers: CORS },
);

/** A Solana Pay transaction request: `{account}` in, the transaction to sign and send out. */
export const POST = dbRoute<Params>(
  async ({ req, params, db }) => {
    const body = parseOrThrow(solanaPayTransactionBody, await readJson(req));
    return json(
      await createTransactionRequest(db, {
        pathId: params.id,
        assetSlug: params.asset,
        account: body.account,
        client: clientNetwork(req),
      }),
    );
  },
  { rateLimit: "gateway_options", headers: CORS },
);

/** The CORS preflight a browser sends before the POST (its JSON body makes it a non-simple request). */
export const OPTIONS = route<Params>(
  async () =>
    new Response(null, {
      status: 204,
      headers: {
        "access-control-allow-methods": "GET, POST, OPTIONS",
        "access-control-allow-headers": "Content-Type, Accept",
        "access-control-max-age": "86400",
      },
    }),
  { headers: CORS },
);
