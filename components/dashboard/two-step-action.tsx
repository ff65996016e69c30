"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { dashboardFetch } from "./dashboard-fetch";

/**
 * A dashboard action that cannot be undone (mark paid, mark refunded, delete a webhook endpoint), in two steps: the button,
 * then a question and Confirm, so a stray click does nothing. It POSTs with the session's CSRF
 * token; either way the page re-renders from the server afterwards, showing where things stand now
 * (another tab may have done it already).
 */
export function TwoStepAction(props: {
  label: string;
  question: string;
  confirmLabel: string;
  busyLabel: string;
  endpoint: string;
  csrfToken: string;
  primary?: boolean;
  method?: "POST" | "DELETE";
}) {
  const router = useRouter();
  const questionId = useId();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    const result = await dashboardFetch(props.endpoint, { method: props.method ?? "POST", csrfToken: props.csrfToken });
    setBusy(false);
    setError(result.ok ? null : result.message);
    setConfirming(false);
    router.refresh();
  }

  return (
    <div>
      {confirming ? (
        <div className="dash-confirm" role="group" aria-labelledby={questionId}>
          <p id={questionId}>{props.question}</p>
          <div className="dash-row">
            <button type="button" className="dash-btn dash-btn-primary" onClick={confirm} disabled={busy} autoFocus>
              {busy ? props.busyLabel : props.confirmLabel}
            </button>
            <button type="button" className="dash-btn" onClick={() => setConfirming(false)} disabled={busy}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className={props.primary ? "dash-btn dash-btn-primary" : "dash-btn"}
          onClick={() => setConfirming(true)}
        >
          {props.label}
        </button>
      )}
      <div role="alert">{error ? <p className="dash-error">{error}</p> : null}</div>
    </div>
  );
}
