import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { chainTransfers } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";

/**
 * Why a guarded change of an unmatched transfer matched no row: unknown or another merchant's (the
 * same 404), already attached or dismissed (by someone else just now, perhaps), or for an attach, not
 * confirmed yet or gone from the chain.
 */
export async function unattachableReason(db: DbOrTx, merchantId: string, transferId: string): Promise<ApiError> {
  const [row] = await db
    .select({ match: chainTransfers.match, state: chainTransfers.state })
    .from(chainTransfers)
    .where(and(eq(chainTransfers.id, transferId), eq(chainTransfers.merchantId, merchantId)));
  if (!row) return new ApiError("not_found", "No such transfer");
  if (row.match !== "unmatched")
    return new ApiError("invalid_state", `This transfer is ${row.match}; only an unmatched transfer can be changed`);
  if (row.state === "seen")
    return new ApiError("invalid_state", "This transfer is not confirmed yet; attach it once it is");
  return new ApiError("invalid_state", `This transfer is ${row.state}: it is not on the chain now`);
}
