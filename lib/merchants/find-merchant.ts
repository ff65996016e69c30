import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { merchants } from "@/db/schema";

/** A merchant by id, or undefined (also when it was deleted: nothing new is made for it). */
export async function findMerchant(db: DbOrTx, merchantId: string) {
  const [row] = await db
    .select()
    .from(merchants)
    .where(and(eq(merchants.id, merchantId), isNull(merchants.deletedAt)));
  return row;
}
