"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { dashboardFetch, issueFor, type FieldIssue } from "./dashboard-fetch";
import { Field } from "./field";

/**
 * Choose a new password from a reset link. The token is read from the link's fragment when the form
 * is sent (it never reaches a server log); the answer signs every session of the account out.
 */
export function ResetPasswordForm() {
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    const token = new URLSearchParams(window.location.hash.slice(1)).get("token") ?? "";
    setBusy(true);
    const result = await dashboardFetch("/dashboard/api/reset-password", { method: "POST", body: { token, password } });
    setBusy(false);
    if (result.ok) {
      window.history.replaceState(null, "", window.location.pathname);
      setDone(true);
      return;
    }
    const tokenIssue = issueFor(result.issues, "token");
    setError(tokenIssue ? "This reset link is incomplete; open the whole link you were given." : result.message);
    setIssues(result.issues);
  }

  if (done) {
    return (
      <div role="status" className="dash-ok">
        <p>Your password is changed, and every session of your account is signed out.</p>
        <Link href="/dashboard/sign-in">Sign in with the new password</Link>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-describedby={error ? "reset-error" : undefined}>
      <div role="alert" id="reset-error">
        {error && !issueFor(issues, "password") ? <p className="dash-error">{error}</p> : null}
      </div>
      <Field
        id="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 10 characters"
        required
        error={issueFor(issues, "password")}
      />
      <button type="submit" className="dash-btn dash-btn-primary" disabled={busy}>
        {busy ? "Saving…" : "Set the new password"}
      </button>
    </form>
  );
}
