import type { paymentLinks } from "@/db/schema";
import { env } from "@/lib/env";
import type { PaymentLinkView } from "./schemas";

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;
export type LinkTotals = PaymentLinkView["totals"];

export const NO_PAYMENTS: LinkTotals = { payments: 0, succeeded: 0, amountPaid: "0" };

/** The page a buyer opens to pay through the link. */
export function paymentLinkUrl(id: string): string {
  return `${env().PUBLIC_BASE_URL}/l/${encodeURIComponent(id)}`;
}

export function toPaymentLinkView(row: PaymentLinkRow, totals: LinkTotals = NO_PAYMENTS): PaymentLinkView {
  return {
    id: row.id,
    url: paymentLinkUrl(row.id),
    active: row.active,
    description: row.description,
    currency: row.currency,
    amount: row.amount?.toString() ?? null,
    minimumAmount: row.minimumAmount?.toString() ?? null,
    maximumAmount: row.maximumAmount?.toString() ?? null,
    checkout: row.successUrl && row.errorUrl ? { successUrl: row.successUrl, errorUrl: row.errorUrl } : null,
    totals,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
