import { and, desc, eq, gte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { payments } from "@/db/schema";
import type { AuthenticatedMerchant } from "@/lib/auth/authenticate-merchant";
import { effectiveStatus, toContractStatus } from "@/lib/payments/status";

/** More sales than a counter makes in a day; the totals below still count every one. */
const MAX_LISTED = 500;

type SaleRow = Pick<
  typeof payments.$inferSelect,
  "id" | "referenceId" | "status" | "expiresAt" | "fiatAmount" | "fiatCurrency" | "createdAt" | "refundedAt"
>;

/**
 * The sales this point-of-sale key made since `since` (the device's local midnight), newest first,
 * with what was paid per currency. Only the key's own payments: a POS key reads no other sale.
 */
export async function listPosSales(
  db: Db,
  { merchant, since, now = new Date() }: { merchant: AuthenticatedMerchant; since: Date; now?: Date },
) {
  const rows = await db
    .select({
      id: payments.id,
      referenceId: payments.referenceId,
      status: payments.status,
      expiresAt: payments.expiresAt,
      fiatAmount: payments.fiatAmount,
      fiatCurrency: payments.fiatCurrency,
      createdAt: payments.createdAt,
      refundedAt: payments.refundedAt,
    })
    .from(payments)
    .where(
      and(
        eq(payments.createdByKeyId, merchant.keyId),
        eq(payments.merchantId, merchant.id),
        gte(payments.createdAt, since),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id));
  return {
    merchant: { name: merchant.name, currency: merchant.currency },
    since: since.toISOString(),
    totals: salesTotals(rows, now),
    sales: rows.slice(0, MAX_LISTED).map((row) => saleView(row, now)),
  };
}

/** Paid sales per currency (refunded ones apart), and how many are still open. */
export function salesTotals(rows: SaleRow[], now = new Date()) {
  const paid = new Map<string, { count: number; amount: bigint; refunded: bigint }>();
  let open = 0;
  for (const row of rows) {
    const status = effectiveStatus(row, now);
    if (status === "pending" || status === "processing") open += 1;
    if (status !== "succeeded") continue;
    const sum = paid.get(row.fiatCurrency) ?? { count: 0, amount: 0n, refunded: 0n };
    sum.count += 1;
    sum.amount += row.fiatAmount;
    if (row.refundedAt) sum.refunded += row.fiatAmount;
    paid.set(row.fiatCurrency, sum);
  }
  return {
    sales: rows.length,
    open,
    paid: [...paid].map(([currency, sum]) => ({
      currency,
      count: sum.count,
      amount: sum.amount.toString(),
      refunded: sum.refunded.toString(),
    })),
  };
}

function saleView(row: SaleRow, now: Date) {
  return {
    paymentId: row.id,
    referenceId: row.referenceId,
    status: toContractStatus(effectiveStatus(row, now)),
    amount: { value: row.fiatAmount.toString(), currency: row.fiatCurrency },
    createdAt: row.createdAt.toISOString(),
    refunded: row.refundedAt !== null,
  };
}
