"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { dashboardFetch } from "../dashboard-fetch";

/** Send one delivery again now; the log re-renders with it pending, then with its new attempt. */
export function ResendDeliveryButton({
  endpointId,
  deliveryId,
  csrfToken,
  disabled,
}: {
  endpointId: string;
  deliveryId: string;
  csrfToken: string;
  disabled: boolean;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function resend() {
    setBusy(true);
    const result = await dashboardFetch(
      `/dashboard/api/webhooks/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
      { method: "POST", csrfToken },
    );
    setBusy(false);
    setError(result.ok ? null : result.message);
    router.refresh();
  }

  return (
    <>
      <button type="button" className="dash-btn" onClick={resend} disabled={busy || disabled}>
        Resend
      </button>
      {error ? (
        <span role="alert" className="dash-error">
          {error}
        </span>
      ) : null}
    </>
  );
}
