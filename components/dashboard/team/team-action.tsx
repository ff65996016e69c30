"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { dashboardFetch } from "../dashboard-fetch";

/**
 * One button that calls a team route and refreshes the page; a refusal (last owner, not yourself,
 * a missing permission) is shown beside it.
 */
export function TeamAction({
  url,
  method,
  body,
  label,
  ariaLabel,
  csrfToken,
  danger,
}: {
  url: string;
  method: string;
  body?: unknown;
  label: string;
  ariaLabel: string;
  csrfToken: string;
  danger?: boolean;
}) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function act() {
    setBusy(true);
    const result = await dashboardFetch(url, { method, body, csrfToken });
    setBusy(false);
    setError(result.ok ? null : result.message);
    if (result.ok) router.refresh();
  }

  return (
    <span className="dash-row" style={{ gap: 8 }}>
      <button
        type="button"
        className={danger ? "dash-btn dash-btn-danger" : "dash-btn"}
        onClick={act}
        disabled={busy}
        aria-label={ariaLabel}
      >
        {label}
      </button>
      {error ? <span role="alert">{error}</span> : null}
    </span>
  );
}
