"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { QrCode } from "@/components/ui/qr-code";
import { dashboardFetch, issueFor, type FieldIssue } from "./dashboard-fetch";
import { Field } from "./field";

type Enrolment = { secret: string; uri: string };

/**
 * Two-factor sign-in with an authenticator app: enrol (scan the code, confirm with a first code, keep
 * the recovery codes shown once), or turn it off with the password and a code.
 */
export function TwoFactorPanel({ enabled, csrfToken }: { enabled: boolean; csrfToken: string }) {
  const router = useRouter();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<FieldIssue[]>([]);

  function fail(result: { message: string; issues: FieldIssue[] }) {
    setError(result.message);
    setIssues(result.issues);
  }

  async function start() {
    const result = await dashboardFetch<Enrolment>("/dashboard/api/account/two-factor", { method: "POST", csrfToken });
    if (!result.ok) return fail(result);
    setError(null);
    setEnrolment(result.data);
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("totpCode") ?? "");
    const result = await dashboardFetch<{ recoveryCodes: string[] }>("/dashboard/api/account/two-factor/confirm", {
      method: "POST",
      body: { code },
      csrfToken,
    });
    if (!result.ok) return fail(result);
    setError(null);
    setIssues([]);
    setEnrolment(null);
    setCodes(result.data.recoveryCodes);
    router.refresh();
  }

  async function disable(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const result = await dashboardFetch("/dashboard/api/account/two-factor/disable", {
      method: "POST",
      body: { password: String(data.get("disablePassword") ?? ""), code: String(data.get("disableCode") ?? "") },
      csrfToken,
    });
    if (!result.ok) return fail(result);
    setError(null);
    setIssues([]);
    router.refresh();
  }

  const alert = <div role="alert">{error && !issues.length ? <p className="dash-error">{error}</p> : null}</div>;
  if (codes) {
    return (
      <div className="dash-ok" data-testid="recovery-codes">
        <p>
          <strong>Two-factor sign-in is on.</strong> Keep these recovery codes somewhere safe: each signs you in once if
          you lose your phone. They are shown only now.
        </p>
        <ul>
          {codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (enabled) {
    return (
      <>
        <p>Two-factor sign-in is on: signing in asks for a code from your authenticator app.</p>
        {alert}
        <form onSubmit={disable} noValidate className="dash-row">
          <Field
            id="disablePassword"
            label="Password"
            type="password"
            autoComplete="current-password"
            error={issueFor(issues, "password")}
          />
          <Field id="disableCode" label="Code" autoComplete="one-time-code" error={issueFor(issues, "code")} />
          <div className="dash-field">
            <button type="submit" className="dash-btn">
              Turn off two-factor sign-in
            </button>
          </div>
        </form>
      </>
    );
  }
  if (enrolment) {
    return (
      <>
        <p>Scan this code with your authenticator app, or type the key into it, then enter the code it shows.</p>
        <QrCode text={enrolment.uri} size={200} alt="QR code to add this account to an authenticator app" />
        <p>
          Key: <code data-testid="totp-secret">{enrolment.secret}</code>
        </p>
        {alert}
        <form onSubmit={confirm} noValidate className="dash-row">
          <Field
            id="totpCode"
            label="Code from the app"
            autoComplete="one-time-code"
            inputMode="numeric"
            error={issueFor(issues, "code")}
          />
          <div className="dash-field">
            <button type="submit" className="dash-btn dash-btn-primary">
              Turn on
            </button>
          </div>
        </form>
      </>
    );
  }
  return (
    <>
      <p className="dash-muted">Off. With it on, signing in also asks for a code from an authenticator app.</p>
      {alert}
      <button type="button" className="dash-btn dash-btn-primary" onClick={() => void start()}>
        Set up two-factor sign-in
      </button>
    </>
  );
}
