import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { merchants } from "@/db/schema";

/** A merchant by id, or undefined. */
export async function findMerchant(db: DbOrTx, merchantId: string) {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, merchantId));
  return row;
}
