"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import type { CheckoutNetwork } from "@/lib/gateway/checkout-networks";
import type { RefundPlan } from "@/lib/payments/refund-plan";

// The wallet libraries (wagmi, viem, Solana wallet adapter) load only when the merchant asks for them.
const RefundWalletPanel = dynamic(() => import("./refund-wallet/refund-wallet-panel"), {
  ssr: false,
  loading: () => (
    <p className="dash-muted" role="status">
      Loading wallets…
    </p>
  ),
});

/** "Refund from my wallet": the merchant's own wallet sends the payment's token and amount back to the buyer. */
export function RefundFromWallet(props: { plan: RefundPlan; networks: CheckoutNetwork[]; csrfToken: string }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <p>
        <button type="button" className="dash-btn dash-btn-primary" onClick={() => setOpen(true)}>
          Refund from my wallet
        </button>
      </p>
    );
  }
  return <RefundWalletPanel {...props} />;
}
