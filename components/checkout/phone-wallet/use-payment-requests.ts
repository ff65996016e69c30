"use client";

import { useEffect, useState } from "react";
import { abortableSleep } from "../abortable-sleep";
import { checkoutRequestsSchema, type CheckoutRequest } from "./request-view";

/** Asked again this long after the first request's quote ends, so the server has let it go. */
const AFTER_EXPIRY_MS = 1_000;
/** Never sooner than this: a browser clock ahead of the server's would otherwise ask every second. */
const MIN_REFRESH_MS = 10_000;
/** A failed read is tried again twice (after 1 s, then 2 s) before the view says so. */
const RETRIES = 2;

export type PaymentRequests = { data: CheckoutRequest[] | undefined; isError: boolean };

/**
 * The payment's requests from the same route a wallet reads. Each holds a quote that ends at its
 * `expiresAt` (the amount may change after it), so they are fetched again when the first one ends;
 * requests already shown stay up while a refresh fails. Only called once the buyer opens the
 * phone-wallet view: every answer reserves amounts. Plain fetch, not a query library: this panel
 * loads on demand and should stay small.
 */
export function usePaymentRequests(paymentId: string): PaymentRequests {
  const [state, setState] = useState<PaymentRequests>({ data: undefined, isError: false });
  useEffect(() => {
    const controller = new AbortController();
    void pollRequests(paymentId, controller.signal, setState);
    return () => controller.abort();
  }, [paymentId]);
  return state;
}

async function pollRequests(
  paymentId: string,
  signal: AbortSignal,
  setState: (update: (previous: PaymentRequests) => PaymentRequests) => void,
) {
  let failures = 0;
  let shown = false;
  while (!signal.aborted) {
    try {
      const requests = await fetchRequests(paymentId, signal);
      if (signal.aborted) return;
      failures = 0;
      shown = true;
      setState(() => ({ data: requests, isError: false }));
      if (requests.length === 0) return;
      const ends = Math.min(...requests.map((r) => r.expiresAt * 1000));
      await abortableSleep(Math.max(MIN_REFRESH_MS, ends - Date.now() + AFTER_EXPIRY_MS), signal);
    } catch {
      if (signal.aborted) return;
      if (failures < RETRIES) {
        await abortableSleep(1000 * 2 ** failures++, signal);
        continue;
      }
      setState((previous) => ({ ...previous, isError: true }));
      // Nothing shown yet: the view says the requests are unavailable. Otherwise keep what is shown and try later.
      if (!shown) return;
      failures = 0;
      await abortableSleep(MIN_REFRESH_MS, signal);
    }
  }
}

async function fetchRequests(paymentId: string, signal: AbortSignal): Promise<CheckoutRequest[]> {
  const res = await fetch(`/v1/gateway/payment/${encodeURIComponent(paymentId)}/payment-requests`, {
    signal,
    cache: "no-store",
  });
  if (!res.ok) throw new Error(`payment-requests ${res.status}`);
  return checkoutRequestsSchema.parse(await res.json()).requests;
}
