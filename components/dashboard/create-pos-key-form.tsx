"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { QrCode } from "@/components/ui/qr-code";
import { dashboardFetch, issueFor, type FieldIssue } from "./dashboard-fetch";
import { Field } from "./field";

type Created = { id: string; name: string; setupUrl: string };

/**
 * Set up a point of sale: a key that can only create payments and read their status, handed to the
 * device as a setup QR code or link, shown here once (the link holds the key).
 */
export function CreatePosKeyForm({ csrfToken }: { csrfToken: string }) {
  const router = useRouter();
  const [created, setCreated] = useState<Created | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const setupRef = useRef<HTMLDivElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("posName") ?? "");
    const result = await dashboardFetch<Created>("/dashboard/api/keys", {
      method: "POST",
      body: { kind: "pos", name },
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

  useEffect(() => {
    if (created) setupRef.current?.focus();
  }, [created]);

  return (
    <>
      <form onSubmit={submit} noValidate className="dash-row">
        <Field
          id="posName"
          label="Device name"
          placeholder="e.g. Front counter"
          required
          maxLength={100}
          error={issueFor(issues, "name")}
        />
        <div className="dash-field">
          <button type="submit" className="dash-btn dash-btn-primary">
            Set up a point of sale
          </button>
        </div>
      </form>
      <div role="alert">{error && !issues.length ? <p className="dash-error">{error}</p> : null}</div>
      {created ? (
        <div className="dash-ok" ref={setupRef} tabIndex={-1} data-testid="new-pos-key">
          <p style={{ marginTop: 0 }}>
            <strong>Point of sale “{created.name}” is ready.</strong> Scan this code with the phone or tablet at the
            counter, or open the link on it. It is shown only once and holds the device&apos;s key: don&apos;t share it.
          </p>
          <QrCode text={created.setupUrl} size={220} alt="Setup code for the point of sale" />
          <div className="dash-secret">
            <code data-testid="pos-setup-url" style={{ wordBreak: "break-all" }}>
              {created.setupUrl}
            </code>
            <CopyButton
              value={created.setupUrl}
              label="Copy the setup link"
              className="dash-btn"
              statusClassName="dash-visually-hidden"
            />
          </div>
        </div>
      ) : null}
    </>
  );
}
