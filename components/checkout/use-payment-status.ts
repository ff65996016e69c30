"use client";

import { useQuery } from "@tanstack/react-query";

/** Statuses as the buyer sees them (the merchant vocabulary; the gateway says requires_action for pending). */
export type CheckoutStatus = "pending" | "processing" | "succeeded" | "failed" | "expired" | "cancelled";
export type PaymentStatusView = { status: CheckoutStatus; isFinal: boolean; txHash?: string | null };

export const statusKey = (paymentId: string) => ["payment-status", paymentId] as const;

const LONG_POLL_MS = 25_000;

/** Gateway answers (confirm, status) to the checkout's view. */
export function toStatusView(body: {
  status: string;
  isFinal: boolean;
  info?: { txId?: string } | null;
}): PaymentStatusView {
  const status = body.status === "requires_action" ? "pending" : (body.status as CheckoutStatus);
  return { status, isFinal: body.isFinal, txHash: body.info?.txId ?? null };
}

/**
 * The payment's status, long-polled: the server answers as soon as the status changes (or after
 * LONG_POLL_MS), so a payment made from a phone shows here at once, without a timer per second.
 */
export function usePaymentStatus(paymentId: string, initial: PaymentStatusView) {
  return useQuery({
    queryKey: statusKey(paymentId),
    queryFn: async ({ signal }) => {
      const res = await fetch(`/v1/gateway/payment/${encodeURIComponent(paymentId)}/status?maxPollMs=${LONG_POLL_MS}`, {
        signal,
        cache: "no-store",
      });
      if (!res.ok) throw new Error(`status ${res.status}`);
      return toStatusView(await res.json());
    },
    initialData: initial,
    refetchInterval: (query) => (query.state.data?.isFinal ? false : 200),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    retry: Infinity,
    retryDelay: (attempt) => Math.min(10_000, 500 * 2 ** attempt),
  });
}
