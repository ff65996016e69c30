"use client";

import dynamic from "next/dynamic";
import { useState } from "react";

// The requests, their QR encoder and zod load only when the buyer opens the view.
const RequestPanel = dynamic(() => import("./phone-wallet/request-panel"), {
  ssr: false,
  loading: () => (
    <p className="muted" role="status">
      Preparing payment requests…
    </p>
  ),
});

/**
 * "Pay with a phone wallet": closed, it costs nothing; opened, it asks the gateway for the payment's
 * requests (which reserves their amounts), so a page nobody scans reserves none.
 */
export function PhoneWallet({ paymentId }: { paymentId: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <details className="share" onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary>Pay with a phone wallet</summary>
      <div className="share-body">{opened ? <RequestPanel paymentId={paymentId} /> : null}</div>
    </details>
  );
}
