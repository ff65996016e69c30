"use client";

import { useCallback, useEffect, useState } from "react";
import { abortableSleep as sleep } from "./abortable-sleep";

/** Statuses as the buyer sees them (the merchant vocabulary; the gateway says requires_action for pending). */
export type CheckoutStatus = "pending" | "processing" | "succeeded" | "failed" | "expired" | "cancelled";
export type PaymentStatusView = { status: CheckoutStatus; isFinal: boolean; txHash?: string | null };

const LONG_POLL_MS = 25_000;
/** Pause between one answer and the next long poll. */
const NEXT_POLL_MS = 200;
/** After a failed poll: 0.5 s, doubling, at most 10 s, for as long as the page is open. */
const retryDelay = (failures: number) => Math.min(10_000, 500 * 2 ** failures);

/** Gateway answers (confirm, status) to the checkout's view. */
export function toStatusView(body: {
  status: string;
  isFinal: boolean;
  info?: { txId?: string } | null;
}): PaymentStatusView {
  const status = body.status === "requires_action" ? "pending" : (body.status as CheckoutStatus);
  return { status, isFinal: body.isFinal, txHash: body.info?.txId ?? null };
}

export type PaymentStatus = {
  data: PaymentStatusView;
  /** What the page learnt itself (a confirm's or a cancel's answer), shown at once. */
  setStatus: (view: PaymentStatusView) => void;
  /** Ask the gateway again now, dropping the poll in flight. */
  refresh: () => void;
};

/**
 * The payment's status, long-polled: the server answers as soon as the status changes (or after
 * LONG_POLL_MS), so a payment made from a phone shows here at once, without a timer per second.
 * Stops once the status is final. A few lines of fetch instead of a query library: this runs on
 * the checkout's first load, where every kilobyte counts (`npm run bench:bundle`).
 */
export function usePaymentStatus(paymentId: string, initial: PaymentStatusView): PaymentStatus {
  const [data, setStatus] = useState(initial);
  // Bumped to restart the poll: refresh(), or the browser back online.
  const [round, setRound] = useState(0);
  const refresh = useCallback(() => setRound((r) => r + 1), []);

  useEffect(() => {
    if (data.isFinal) return;
    const controller = new AbortController();
    void pollStatus(paymentId, controller.signal, setStatus);
    window.addEventListener("online", refresh);
    return () => {
      controller.abort();
      window.removeEventListener("online", refresh);
    };
  }, [paymentId, data.isFinal, round, refresh]);

  return { data, setStatus, refresh };
}

async function pollStatus(paymentId: string, signal: AbortSignal, onView: (view: PaymentStatusView) => void) {
  let failures = 0;
  while (!signal.aborted) {
    try {
      const res = await fetch(`/v1/gateway/payment/${encodeURIComponent(paymentId)}/status?maxPollMs=${LONG_POLL_MS}`, {
        signal,
        cache: "no-store",
      });
      if (!res.ok) throw new Error(`status ${res.status}`);
      const view = toStatusView(await res.json());
      if (signal.aborted) return;
      failures = 0;
      onView(view);
      if (view.isFinal) return;
      await sleep(NEXT_POLL_MS, signal);
    } catch {
      if (signal.aborted) return;
      await sleep(retryDelay(failures++), signal);
    }
  }
}
