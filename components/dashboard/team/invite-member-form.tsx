"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { dashboardFetch, issueFor, type FieldIssue } from "../dashboard-fetch";
import { Field } from "../field";

/** Invite by email with a role; the link goes to that address (the owner role only for owners). */
export function InviteMemberForm({ csrfToken, roles }: { csrfToken: string; roles: readonly string[] }) {
  const router = useRouter();
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get("invite-email") ?? "");
    setBusy(true);
    const result = await dashboardFetch("/dashboard/api/team/invitations", {
      method: "POST",
      csrfToken,
      body: { email, role: String(data.get("invite-role") ?? "") },
    });
    setBusy(false);
    setIssues(result.ok ? [] : result.issues);
    setMessage(result.ok ? { ok: true, text: `Invitation sent to ${email}.` } : { ok: false, text: result.message });
    if (result.ok) {
      form.reset();
      router.refresh();
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Field id="invite-email" label="Email" type="email" required error={issueFor(issues, "email")} />
      <div className="dash-field">
        <label htmlFor="invite-role">Role</label>
        <select id="invite-role" name="invite-role" defaultValue="viewer">
          {roles.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="dash-btn dash-btn-primary" disabled={busy}>
        {busy ? "Sending…" : "Send invitation"}
      </button>
      <div role="status">{message?.ok ? <p className="dash-ok">{message.text}</p> : null}</div>
      <div role="alert">{message && !message.ok ? <p className="dash-error">{message.text}</p> : null}</div>
    </form>
  );
}
