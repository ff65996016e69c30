"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { dashboardFetch } from "../dashboard-fetch";

/** Recovery after an outage: send again every failed delivery made since a time (the browser's local time). */
export function ResendFailedForm({
  endpointId,
  csrfToken,
  disabled,
}: {
  endpointId: string;
  csrfToken: string;
  disabled: boolean;
}) {
  const router = useRouter();
  const id = useId();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local = String(new FormData(event.currentTarget).get("since") ?? "");
    const since = new Date(local);
    if (!local || Number.isNaN(since.getTime())) {
      setMessage({ ok: false, text: "Pick a date and time" });
      return;
    }
    const result = await dashboardFetch<{ resent: number }>(
      `/dashboard/api/webhooks/${encodeURIComponent(endpointId)}/resend-failed`,
      {
        method: "POST",
        body: { since: since.toISOString() },
        csrfToken,
      },
    );
    setMessage(
      result.ok
        ? {
            ok: true,
            text: `${result.data.resent} failed ${result.data.resent === 1 ? "delivery" : "deliveries"} queued again`,
          }
        : { ok: false, text: result.message },
    );
    router.refresh();
  }

  return (
    <form onSubmit={submit} className="dash-row" noValidate>
      <div className="dash-field">
        <label htmlFor={id}>Failed since (your local time)</label>
        <input id={id} name="since" type="datetime-local" required />
      </div>
      <div className="dash-field">
        <button type="submit" className="dash-btn" disabled={disabled}>
          Resend failed since…
        </button>
      </div>
      <div role="status">
        {message ? <p className={message.ok ? "dash-muted" : "dash-error"}>{message.text}</p> : null}
      </div>
    </form>
  );
}
