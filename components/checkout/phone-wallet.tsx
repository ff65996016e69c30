"use client";

import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useState } from "react";

// The requests, their QR encoder and zod load only when the buyer opens the view.
const RequestPanel = dynamic(() => import("./phone-wallet/request-panel"), {
  ssr: false,
  loading: () => <Preparing />,
});

function Preparing() {
  const t = useTranslations("checkout.phoneWallet");
  return (
    <p className="muted" role="status">
      {t("preparing")}
    </p>
  );
}

/**
 * "Pay with a phone wallet": closed, it costs nothing; opened, it asks the gateway for the payment's
 * requests (which reserves their amounts), so a page nobody scans reserves none.
 */
export function PhoneWallet({ paymentId }: { paymentId: string }) {
  const [opened, setOpened] = useState(false);
  const t = useTranslations("checkout.phoneWallet");
  return (
    <details className="share" onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary>{t("summary")}</summary>
      <div className="share-body">{opened ? <RequestPanel paymentId={paymentId} /> : null}</div>
    </details>
  );
}
