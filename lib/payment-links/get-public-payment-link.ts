import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { merchants, paymentLinks } from "@/db/schema";
import { termsOf } from "./terms-of";

/** What the link's public page shows a buyer, or undefined (no such link, or its merchant is gone). */
export async function getPublicPaymentLink(db: Db, id: string) {
  if (!/^plink_[0-9A-Za-z]{22}$/.test(id)) return undefined;
  const [row] = await db
    .select({ link: paymentLinks, merchantName: merchants.name, iconUrl: merchants.iconUrl })
    .from(paymentLinks)
    .innerJoin(merchants, and(eq(merchants.id, paymentLinks.merchantId), isNull(merchants.deletedAt)))
    .where(eq(paymentLinks.id, id));
  if (!row) return undefined;
  return {
    id: row.link.id,
    merchantName: row.merchantName,
    description: row.link.description,
    currency: row.link.currency,
    active: row.link.active,
    terms: termsOf(row.link),
  };
}
