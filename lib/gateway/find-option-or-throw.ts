import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { paymentOptions } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";

/** An option offered for this payment whose quote still holds. */
export async function findOptionOrThrow(db: DbOrTx, paymentId: string, optionId: string, now = new Date()) {
  const [option] = await db
    .select()
    .from(paymentOptions)
    .where(and(eq(paymentOptions.id, optionId), eq(paymentOptions.paymentId, paymentId)));
  if (!option) throw new ApiError("invalid_params", "optionId is not an option of this payment", [{ field: "optionId", message: "unknown option" }]);
  if (option.expiresAt.getTime() <= now.getTime()) throw new ApiError("quote_expired", "This option's quote has expired; ask for options again");
  return option;
}
