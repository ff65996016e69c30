import { merchantRoute } from "@/lib/http/merchant-route";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { dismissTransfer } from "@/lib/ledger/dismiss-transfer";
import { transferParams } from "@/lib/ledger/transfer-schemas";

/** Set an unmatched transfer aside: it leaves the unmatched list and stays in the ledger. */
export const POST = merchantRoute<{ id: string }>(
  ["payments:read", "payments:write"],
  async ({ params, db, merchant }) => {
    const { id } = parseOrThrow(transferParams, params, "Path");
    return json(await dismissTransfer(db, { merchantId: merchant.id, transferId: id, by: `api:${merchant.keyId}` }));
  },
);
