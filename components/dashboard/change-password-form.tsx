"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { dashboardFetch, issueFor, type FieldIssue } from "./dashboard-fetch";
import { Field } from "./field";

/** Change the password; the current one is asked for, and every other session is signed out. */
export function ChangePasswordForm({ csrfToken }: { csrfToken: string }) {
  const router = useRouter();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<FieldIssue[]>([]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const result = await dashboardFetch("/dashboard/api/account/password", {
      method: "POST",
      body: {
        currentPassword: String(data.get("currentPassword") ?? ""),
        newPassword: String(data.get("newPassword") ?? ""),
      },
      csrfToken,
    });
    if (!result.ok) {
      setDone(false);
      setError(result.message);
      setIssues(result.issues);
      return;
    }
    setError(null);
    setIssues([]);
    setDone(true);
    form.reset();
    router.refresh();
  }

  return (
    <form onSubmit={submit} noValidate>
      <div role="alert">{error && !issues.length ? <p className="dash-error">{error}</p> : null}</div>
      <div role="status">
        {done ? <p className="dash-ok">Password changed. Every other session is signed out.</p> : null}
      </div>
      <Field
        id="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        error={issueFor(issues, "currentPassword")}
      />
      <Field
        id="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 10 characters"
        required
        error={issueFor(issues, "newPassword")}
      />
      <button type="submit" className="dash-btn dash-btn-primary">
        Change password
      </button>
    </form>
  );
}
