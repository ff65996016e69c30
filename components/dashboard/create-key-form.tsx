"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { dashboardFetch, issueFor, type FieldIssue } from "./dashboard-fetch";
import { Field } from "./field";

type Created = { id: string; name: string; prefix: string; secret: string; scopes: string[] };

/** What a merchant can grant a key, with what each allows; every one is ticked at first. */
export const SCOPE_CHOICES = [
  { scope: "payments:write", label: "Create and cancel payments" },
  { scope: "payments:read", label: "Read and list payments and transfers" },
  { scope: "refunds:write", label: "Mark payments refunded" },
  { scope: "webhooks:manage", label: "Manage webhook endpoints" },
  { scope: "links:manage", label: "Manage payment links" },
] as const;

/** Create an API key; its secret is shown here once, with a copy button, and never again. */
export function CreateKeyForm({ csrfToken }: { csrfToken: string }) {
  const router = useRouter();
  const [created, setCreated] = useState<Created | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const secretRef = useRef<HTMLDivElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = String(data.get("keyName") ?? "");
    const scopes = data.getAll("scopes").map(String);
    const result = await dashboardFetch<Created>("/dashboard/api/keys", {
      method: "POST",
      body: { kind: "standard", name, scopes },
      csrfToken,
    });
    if (!result.ok) {
      setError(result.message);
      setIssues(result.issues);
      return;
    }
    setError(null);
    setIssues([]);
    setCreated(result.data);
    form.reset();
    router.refresh();
  }

  // Move focus to the once-shown secret so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (created) secretRef.current?.focus();
  }, [created]);

  return (
    <>
      <form onSubmit={submit} noValidate className="dash-row">
        <Field
          id="keyName"
          label="Key name"
          placeholder="e.g. Production server"
          required
          maxLength={100}
          error={issueFor(issues, "name")}
        />
        <fieldset aria-describedby={issueFor(issues, "scopes") ? "scopes-error" : undefined}>
          <legend className="dash-label">Scopes</legend>
          <div className="dash-checks">
            {SCOPE_CHOICES.map((c) => (
              <label key={c.scope}>
                <input type="checkbox" name="scopes" value={c.scope} defaultChecked /> <code>{c.scope}</code> {c.label}
              </label>
            ))}
          </div>
          {issueFor(issues, "scopes") ? (
            <span id="scopes-error" className="dash-hint" style={{ color: "#a3190f" }}>
              {issueFor(issues, "scopes")}
            </span>
          ) : null}
        </fieldset>
        <div className="dash-field">
          <button type="submit" className="dash-btn dash-btn-primary">
            Create key
          </button>
        </div>
      </form>
      <div role="alert">{error && !issues.length ? <p className="dash-error">{error}</p> : null}</div>
      {created ? (
        <div className="dash-ok" ref={secretRef} tabIndex={-1} data-testid="new-key">
          <p style={{ marginTop: 0 }}>
            <strong>Key “{created.name}” created</strong> with {created.scopes.join(", ")}. Copy its secret now: it is
            shown only once.
          </p>
          <div className="dash-secret">
            <code data-testid="new-key-secret">{created.secret}</code>
            <CopyButton
              value={created.secret}
              label="Copy the new API key"
              className="dash-btn"
              statusClassName="dash-visually-hidden"
            />
          </div>
        </div>
      ) : null}
    </>
  );
}
