import type { z } from "zod";
import type { payments } from "@/db/schema";
import { env } from "@/lib/env";
import type { paymentResponse, paymentStatusResponse } from "./schemas";
import { effectiveStatus, isFinalStatus, toSpec31Status } from "./status";

type PaymentRow = Pick<typeof payments.$inferSelect, "id" | "status" | "expiresAt">;

export function gatewayUrlFor(paymentId: string): string {
  return `${env().PUBLIC_BASE_URL}/pay?pid=${encodeURIComponent(paymentId)}`;
}

/** The merchant's view of a payment's state (spec 2.3), with the effective status (a cancelled one `failed`, final). */
export function toStatusView(row: PaymentRow, now = new Date()): z.infer<typeof paymentStatusResponse> {
  const status = effectiveStatus(row, now);
  const isFinal = isFinalStatus(status);
  return { status: toSpec31Status(status), isFinal, pollInMs: isFinal ? null : env().POLL_INTERVAL_MS };
}

/** The creation response (spec 2.2). */
export function toPaymentView(row: PaymentRow, now = new Date()): z.infer<typeof paymentResponse> {
  return {
    paymentId: row.id,
    gatewayUrl: gatewayUrlFor(row.id),
    ...toStatusView(row, now),
    expiresAt: Math.floor(row.expiresAt.getTime() / 1000),
  };
}
