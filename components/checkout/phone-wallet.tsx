"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";

// The requests, their QR encoder and zod load only when the buyer opens the view (React's lazy:
// the panel follows a click, never a server render, and next/dynamic would weigh on the first load).
const RequestPanel = lazy(() => import("./phone-wallet/request-panel"));

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
      <div className="share-body">
        {opened ? (
          <Suspense fallback={<Preparing />}>
            <RequestPanel paymentId={paymentId} />
          </Suspense>
        ) : null}
      </div>
    </details>
  );
}
