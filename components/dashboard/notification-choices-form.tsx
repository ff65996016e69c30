"use client";

import { useState, type FormEvent } from "react";
import { dashboardFetch } from "./dashboard-fetch";

type Choice = { kind: string; label: string; enabled: boolean };

/** The member's notification emails: a checkbox per kind, saved together. */
export function NotificationChoicesForm({ choices, csrfToken }: { choices: Choice[]; csrfToken: string }) {
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = Object.fromEntries(choices.map((c) => [c.kind, data.get(c.kind) === "on"]));
    const result = await dashboardFetch("/dashboard/api/account/notifications", { method: "PUT", body, csrfToken });
    setStatus(
      result.ok ? { ok: true, message: "Notification settings saved." } : { ok: false, message: result.message },
    );
  }

  return (
    <form onSubmit={submit} data-testid="notification-choices">
      <div role="status">{status?.ok ? <p className="dash-ok">{status.message}</p> : null}</div>
      <div role="alert">{status && !status.ok ? <p className="dash-error">{status.message}</p> : null}</div>
      {choices.map((c) => (
        <p key={c.kind}>
          <label>
            <input type="checkbox" name={c.kind} defaultChecked={c.enabled} /> {c.label}
          </label>
        </p>
      ))}
      <button type="submit" className="dash-btn dash-btn-primary">
        Save notification settings
      </button>
    </form>
  );
}
