"use client";

import { useState, type FormEvent } from "react";
import { dashboardFetch, issueFor, type FieldIssue } from "./dashboard-fetch";
import { Field } from "./field";

/** Ask for a reset link by email; the answer never says whether the address has an account. */
export function ForgotPasswordForm() {
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "");
    setBusy(true);
    const result = await dashboardFetch<{ message: string }>("/dashboard/api/forgot-password", {
      method: "POST",
      body: { email },
    });
    setBusy(false);
    if (result.ok) {
      setSent(result.data.message);
      return;
    }
    setError(result.message);
    setIssues(result.issues);
  }

  if (sent) {
    return (
      <p role="status" className="dash-ok">
        {sent} It works once, for an hour.
      </p>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-describedby={error ? "forgot-error" : undefined}>
      <div role="alert" id="forgot-error">
        {error && !issues.length ? <p className="dash-error">{error}</p> : null}
      </div>
      <Field id="email" label="Email" type="email" autoComplete="email" required error={issueFor(issues, "email")} />
      <button type="submit" className="dash-btn dash-btn-primary" disabled={busy}>
        {busy ? "Sending…" : "Email me a reset link"}
      </button>
    </form>
  );
}
