"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { dashboardFetch, issueFor, type FieldIssue } from "./dashboard-fetch";
import { Field } from "./field";
import { passkeyCeremony } from "./passkey-ceremony";

/** Sign in or sign up. On success the session cookie is set by the answer; then the overview opens. */
export function AuthForm({ mode }: { mode: "sign-in" | "sign-up" }) {
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [busy, setBusy] = useState(false);
  // Set when the password was right and the account asks for its second factor.
  const [challenge, setChallenge] = useState<string | null>(null);
  // Whether that challenge may be answered with one of the account's passkeys.
  const [passkeyOffered, setPasskeyOffered] = useState(false);
  const router = useRouter();

  /** Sign in with a passkey: alone (no email, no password), or as the second factor of the challenge. */
  async function withPasskey() {
    setBusy(true);
    const result = challenge
      ? await passkeyCeremony(
          "get",
          {
            options: "/dashboard/api/sign-in/passkey/second-factor/options",
            finish: "/dashboard/api/sign-in/passkey/second-factor",
          },
          { optionsBody: { challenge }, extra: { challenge } },
        )
      : await passkeyCeremony("get", {
          options: "/dashboard/api/sign-in/passkey/options",
          finish: "/dashboard/api/sign-in/passkey",
        });
    if (result.ok) {
      router.push("/dashboard");
      router.refresh();
      return;
    }
    setBusy(false);
    setError(result.message);
    setIssues([]);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
    setBusy(true);
    const url = challenge ? "/dashboard/api/sign-in/second-factor" : `/dashboard/api/${mode}`;
    const result = await dashboardFetch<{ challenge?: string; passkey?: boolean }>(url, {
      method: "POST",
      body: challenge ? { challenge, code: body.code } : body,
    });
    if (result.ok && result.data.challenge) {
      setBusy(false);
      setError(null);
      setIssues([]);
      setChallenge(result.data.challenge);
      setPasskeyOffered(Boolean(result.data.passkey));
      return;
    }
    if (result.ok) {
      router.push("/dashboard");
      router.refresh();
      return;
    }
    setBusy(false);
    setError(result.message);
    setIssues(result.issues);
  }

  const signUp = mode === "sign-up";
  if (challenge) {
    return (
      <form onSubmit={submit} noValidate aria-describedby={error ? "auth-error" : undefined}>
        <div role="alert" id="auth-error">
          {error ? <p className="dash-error">{error}</p> : null}
        </div>
        <p className="dash-muted">
          Your account asks for a second factor: the 6-digit code your authenticator app shows, or one of your recovery
          codes.
        </p>
        <Field id="code" label="Authentication code" autoComplete="one-time-code" inputMode="text" required autoFocus />
        <button type="submit" className="dash-btn dash-btn-primary" disabled={busy}>
          {busy ? "Please wait…" : "Verify"}
        </button>
        {passkeyOffered ? (
          <p>
            <button type="button" className="dash-btn" disabled={busy} onClick={() => void withPasskey()}>
              Use a passkey instead
            </button>
          </p>
        ) : null}
      </form>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-describedby={error ? "auth-error" : undefined}>
      <div role="alert" id="auth-error">
        {error ? <p className="dash-error">{error}</p> : null}
      </div>
      {signUp ? (
        <Field
          id="businessName"
          label="Business name"
          autoComplete="organization"
          required
          error={issueFor(issues, "businessName")}
        />
      ) : null}
      <Field id="email" label="Email" type="email" autoComplete="email" required error={issueFor(issues, "email")} />
      <Field
        id="password"
        label="Password"
        type="password"
        autoComplete={signUp ? "new-password" : "current-password"}
        required
        minLength={signUp ? 10 : undefined}
        hint={signUp ? "At least 10 characters" : undefined}
        error={issueFor(issues, "password")}
      />
      {signUp ? (
        <Field
          id="currency"
          label="Currency"
          defaultValue="USD"
          maxLength={3}
          hint="ISO 4217 code your revenue is reported in"
          error={issueFor(issues, "currency")}
        />
      ) : null}
      <button type="submit" className="dash-btn dash-btn-primary" disabled={busy}>
        {busy ? "Please wait…" : signUp ? "Create account" : "Sign in"}
      </button>
      {signUp ? null : (
        <p>
          <button type="button" className="dash-btn" disabled={busy} onClick={() => void withPasskey()}>
            Use a passkey
          </button>
        </p>
      )}
    </form>
  );
}
