"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { issueFor, dashboardFetch, type FieldIssue } from "./dashboard-fetch";
import { Field } from "./field";
import { passkeyCeremony } from "./passkey-ceremony";

export type PasskeyRow = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

/**
 * The user's passkeys: add one (named, made by this device, a phone or a security key), and remove
 * one with the password. A passkey signs in by itself, and answers the two-factor challenge.
 */
export function PasskeysPanel({ passkeys, csrfToken }: { passkeys: PasskeyRow[]; csrfToken: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);

  function done(result: { ok: true } | { ok: false; message: string; issues: FieldIssue[] }) {
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      setIssues(result.issues);
      return false;
    }
    setError(null);
    setIssues([]);
    router.refresh();
    return true;
  }

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("passkeyName") ?? "");
    setBusy(true);
    const result = await passkeyCeremony(
      "create",
      { options: "/dashboard/api/account/passkeys/options", finish: "/dashboard/api/account/passkeys" },
      { csrfToken, extra: { name } },
    );
    if (done(result)) form.reset();
  }

  async function remove(event: FormEvent<HTMLFormElement>, id: string) {
    event.preventDefault();
    setBusy(true);
    const password = String(new FormData(event.currentTarget).get("removePassword") ?? "");
    const result = await dashboardFetch(`/dashboard/api/account/passkeys/${id}`, {
      method: "DELETE",
      body: { password },
      csrfToken,
    });
    if (done(result)) setRemoving(null);
  }

  return (
    <>
      <p className="dash-muted">
        A passkey signs you in with your device&apos;s fingerprint, face or PIN instead of a password, and cannot be
        phished. With two-factor sign-in on, a passkey also answers its challenge.
      </p>
      <div role="alert">{error && !issues.length ? <p className="dash-error">{error}</p> : null}</div>
      {passkeys.length > 0 ? (
        <ul data-testid="passkeys-list">
          {passkeys.map((p) => (
            <li key={p.id}>
              <strong>{p.name}</strong>{" "}
              <span className="dash-muted">
                added {p.createdAt}
                {p.lastUsedAt ? `, last used ${p.lastUsedAt}` : ", never used"}
              </span>{" "}
              {removing === p.id ? (
                <form onSubmit={(e) => void remove(e, p.id)} noValidate className="dash-row">
                  <Field
                    id="removePassword"
                    label="Password"
                    type="password"
                    autoComplete="current-password"
                    error={issueFor(issues, "password")}
                  />
                  <div className="dash-field">
                    <button type="submit" className="dash-btn" disabled={busy}>
                      Remove {p.name}
                    </button>
                  </div>
                </form>
              ) : (
                <button type="button" className="dash-btn" onClick={() => setRemoving(p.id)}>
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p>No passkeys yet.</p>
      )}
      <form onSubmit={(e) => void add(e)} noValidate className="dash-row">
        <Field
          id="passkeyName"
          label="Passkey name"
          placeholder="Work laptop"
          maxLength={60}
          required
          error={issueFor(issues, "name")}
        />
        <div className="dash-field">
          <button type="submit" className="dash-btn dash-btn-primary" disabled={busy}>
            {busy ? "Waiting for your device…" : "Add a passkey"}
          </button>
        </div>
      </form>
    </>
  );
}
