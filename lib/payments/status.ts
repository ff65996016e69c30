import type { PaymentStatus } from "@/db/schema";

const FINAL: ReadonlySet<PaymentStatus> = new Set(["succeeded", "failed", "expired"]);

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
