import type { PaymentStatus } from "@/db/schema";

const FINAL: ReadonlySet<PaymentStatus> = new Set(["succeeded", "failed", "expired", "cancelled"]);

export function isFinalStatus(status: PaymentStatus): boolean {
  return FINAL.has(status);
}

/**
 * The status a reader must see. A pending payment past its expiry is expired even if the sweep has
 * not written that yet, so no read ever reports a stale `pending`. A payment already `processing`
 * keeps its status: a transfer in flight is settled, not dropped.
 */
export function effectiveStatus(row: { status: PaymentStatus; expiresAt: Date }, now = new Date()): PaymentStatus {
  return row.status === "pending" && row.expiresAt.getTime() <= now.getTime() ? "expired" : row.status;
}

/** The public contract's statuses: the gateway, the `/v1/payments…` routes, the replacement listing. */
export const CONTRACT_STATUSES = [
  "requires_action",
  "processing",
  "succeeded",
  "failed",
  "expired",
  "cancelled",
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export function toContractStatus(status: PaymentStatus): ContractStatus {
  return status === "pending" ? "requires_action" : status;
}

/** Spec 3.1 (the seed's `/v1/merchant/payment…` routes) has no `cancelled`: a cancelled payment failed. */
export type Spec31Status = Exclude<PaymentStatus, "cancelled">;

export function toSpec31Status(status: PaymentStatus): Spec31Status {
  return status === "cancelled" ? "failed" : status;
}
