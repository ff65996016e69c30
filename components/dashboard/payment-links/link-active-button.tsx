"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { dashboardFetch } from "../dashboard-fetch";

/** Disable a link (its page then refuses new payments) or enable it again. */
export function LinkActiveButton({
  linkId,
  active,
  csrfToken,
}: {
  linkId: string;
  active: boolean;
  csrfToken: string;
}) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function toggle() {
    setBusy(true);
    const result = await dashboardFetch(`/dashboard/api/payment-links/${encodeURIComponent(linkId)}`, {
      method: "PATCH",
      body: { active: !active },
      csrfToken,
    });
    setBusy(false);
    setError(result.ok ? null : result.message);
    router.refresh();
  }

  return (
    <>
      <button
        type="button"
        className={active ? "dash-btn dash-btn-danger" : "dash-btn"}
        onClick={toggle}
        disabled={busy}
      >
        {active ? "Disable link" : "Enable link"}
      </button>
      <div role="alert">{error ? <p className="dash-error">{error}</p> : null}</div>
    </>
  );
}
