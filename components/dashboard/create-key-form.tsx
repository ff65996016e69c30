"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { dashboardFetch, issueFor, type FieldIssue } from "./dashboard-fetch";
import { Field } from "./field";

type Created = { id: string; name: string; prefix: string; secret: string };

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
    const name = String(new FormData(form).get("keyName") ?? "");
    const result = await dashboardFetch<Created>("/dashboard/api/keys", { method: "POST", body: { name }, csrfToken });
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
            <strong>Key “{created.name}” created.</strong> Copy its secret now: it is shown only once.
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
