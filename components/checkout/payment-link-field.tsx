"use client";

import { CopyButton } from "@/components/ui/copy-button";

/** The payment link in a field that selects itself on focus, with a button that copies it. */
export function PaymentLinkField({ url }: { url: string }) {
  return (
    <div className="copy">
      <input
        readOnly
        value={url}
        aria-label="Payment link"
        onFocus={(e) => e.currentTarget.select()}
        data-testid="payment-link"
      />
      <CopyButton value={url} label="Copy payment link" text="Copy payment link" statusClassName="muted" />
    </div>
  );
}
