"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { dashboardFetch } from "./dashboard-fetch";

/** Revoke in two steps (Revoke, then Confirm): a revoked key stops working at once and cannot come back. */
export function RevokeKeyButton({ keyId, name, csrfToken }: { keyId: string; name: string; csrfToken: string }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function revoke() {
    const result = await dashboardFetch(`/dashboard/api/keys/${encodeURIComponent(keyId)}`, {
      method: "DELETE",
      csrfToken,
    });
    if (!result.ok) {
      setError(result.message);
      return;
    }
    router.refresh();
  }

  if (!confirming) {
    return (
      <button
        type="button"
        className="dash-btn dash-btn-danger"
        onClick={() => setConfirming(true)}
        aria-label={`Revoke key ${name}`}
      >
        Revoke
      </button>
    );
  }
  return (
    <span className="dash-row" style={{ gap: 8 }}>
      <button
        type="button"
        className="dash-btn dash-btn-danger"
        onClick={revoke}
        autoFocus
        aria-label={`Confirm revoking key ${name}`}
      >
        Confirm revoke
      </button>
      <button type="button" className="dash-btn" onClick={() => setConfirming(false)}>
        Cancel
      </button>
      {error ? <span role="alert">{error}</span> : null}
    </span>
  );
}
