"use client";

import { useEffect, useState } from "react";
import { waitStatus, type PaymentStatus, type PosCredentials } from "./pos-api";

/**
 * A charge's status, followed live: one long poll after another until the payment is final. A failed
 * poll is retried after a pause, so a blip of the counter's network never ends the sale on screen.
 */
export function useChargeStatus(creds: PosCredentials, paymentId: string): PaymentStatus | null {
  const [status, setStatus] = useState<PaymentStatus | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    (async () => {
      while (!abort.signal.aborted) {
        try {
          const next = await waitStatus(creds, paymentId, abort.signal);
          setStatus(next);
          if (next.isFinal) return;
        } catch {
          if (abort.signal.aborted) return;
          await new Promise((resolve) => setTimeout(resolve, 2000));
        }
      }
    })();
    return () => abort.abort();
  }, [creds, paymentId]);
  return status;
}
