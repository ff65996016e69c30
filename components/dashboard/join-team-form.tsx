"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { dashboardFetch, issueFor, type FieldIssue } from "./dashboard-fetch";
import { Field } from "./field";

type Invitation = { email: string; role: string; merchantName: string };

const tokenOfLink = () => new URLSearchParams(window.location.hash.slice(1)).get("token") ?? "";

/**
 * Join a team from an invitation link: the token is read from the link's fragment (it never reaches a
 * server log), the invitation shown, and a password chosen for the new account, which is then signed in.
 */
export function JoinTeamForm() {
  const router = useRouter();
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void dashboardFetch<Invitation>("/dashboard/api/invitation", {
      method: "POST",
      body: { token: tokenOfLink() },
    }).then((result) => (result.ok ? setInvitation(result.data) : setError(result.message)));
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    setBusy(true);
    const result = await dashboardFetch("/dashboard/api/invitation/accept", {
      method: "POST",
      body: { token: tokenOfLink(), password },
    });
    setBusy(false);
    if (result.ok) {
      router.push("/dashboard");
      router.refresh();
      return;
    }
    setError(result.message);
    setIssues(result.issues);
  }

  if (!invitation)
    return (
      <div role="alert">{error ? <p className="dash-error">{error}</p> : <p className="dash-muted">Loading…</p>}</div>
    );
  return (
    <form onSubmit={submit} noValidate>
      <p data-testid="invitation">
        Join <strong>{invitation.merchantName}</strong> as <strong>{invitation.role}</strong> with the account{" "}
        <strong>{invitation.email}</strong>.
      </p>
      <div role="alert">{error && !issueFor(issues, "password") ? <p className="dash-error">{error}</p> : null}</div>
      <Field
        id="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 10 characters"
        required
        error={issueFor(issues, "password")}
      />
      <button type="submit" className="dash-btn dash-btn-primary" disabled={busy}>
        {busy ? "Joining…" : "Join the team"}
      </button>
    </form>
  );
}
