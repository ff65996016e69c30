import { merchantRoute } from "@/lib/http/merchant-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { attachTransfer } from "@/lib/ledger/attach-transfer";
import { attachBody, transferParams } from "@/lib/ledger/transfer-schemas";

/** Tie an unmatched transfer to one of the merchant's payments: it reads paid, short or over by what arrived. */
export const POST = merchantRoute<{ id: string }>(
  ["payments:read", "payments:write"],
  async ({ req, params, db, merchant }) => {
    const { id } = parseOrThrow(transferParams, params, "Path");
    const { paymentId } = parseOrThrow(attachBody, await readJson(req));
    return json(
      await attachTransfer(db, { merchantId: merchant.id, transferId: id, paymentId, by: `api:${merchant.keyId}` }),
    );
  },
);
