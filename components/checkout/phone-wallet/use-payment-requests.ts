"use client";

import { useQuery } from "@tanstack/react-query";
import { checkoutRequestsSchema, type CheckoutRequest } from "./request-view";

/** Asked again this long after the first request's quote ends, so the server has let it go. */
const AFTER_EXPIRY_MS = 1_000;
/** Never sooner than this: a browser clock ahead of the server's would otherwise ask every second. */
const MIN_REFRESH_MS = 10_000;

/**
 * The payment's requests from the same route a wallet reads. Each holds a quote that ends at its
 * `expiresAt` (the amount may change after it), so they are fetched again when the first one ends.
 * Only called once the buyer opens the phone-wallet view: every answer reserves amounts.
 */
export function usePaymentRequests(paymentId: string) {
  return useQuery({
    queryKey: ["payment-requests", paymentId],
    queryFn: async ({ signal }): Promise<CheckoutRequest[]> => {
      const res = await fetch(`/v1/gateway/payment/${encodeURIComponent(paymentId)}/payment-requests`, {
        signal,
        cache: "no-store",
      });
      if (!res.ok) throw new Error(`payment-requests ${res.status}`);
      return checkoutRequestsSchema.parse(await res.json()).requests;
    },
    refetchInterval: (query) => {
      const ends = (query.state.data ?? []).map((r) => r.expiresAt * 1000);
      return ends.length ? Math.max(MIN_REFRESH_MS, Math.min(...ends) - Date.now() + AFTER_EXPIRY_MS) : false;
    },
    refetchOnWindowFocus: false,
    retry: 2,
  });
}
