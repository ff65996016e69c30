"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { dashboardFetch } from "../dashboard-fetch";
import { TwoStepAction } from "../two-step-action";
import { ShownOnceSecret } from "./shown-once-secret";

type Props = { endpointId: string; url: string; disabled: boolean; csrfToken: string; eventTypes: readonly string[] };

/** What a merchant does to one endpoint: send a test event, rotate its secret (shown once), pause or resume, delete. */
export function EndpointActions({ endpointId, url, disabled, csrfToken, eventTypes }: Props) {
  const router = useRouter();
  const [secret, setSecret] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [testType, setTestType] = useState("payment.succeeded");
  const base = `/dashboard/api/webhooks/${encodeURIComponent(endpointId)}`;

  async function post<T>(path: string, body?: unknown) {
    const result = await dashboardFetch<T>(`${base}${path}`, { method: "POST", body: body ?? {}, csrfToken });
    setMessage(result.ok ? null : { ok: false, text: result.message });
    router.refresh();
    return result.ok ? result.data : null;
  }

  async function rotate() {
    const rotated = await post<{ secret: string }>("/rotate-secret");
    if (rotated) setSecret(rotated.secret);
  }

  async function sendTest() {
    if (await post("/test", { type: testType })) setMessage({ ok: true, text: `Test event ${testType} queued` });
  }

  const testId = `test-type-${endpointId}`;
  return (
    <div>
      <div className="dash-row">
        <div className="dash-field">
          <label htmlFor={testId}>Test event type</label>
          <select id={testId} value={testType} onChange={(e) => setTestType(e.target.value)}>
            {eventTypes.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
        </div>
        <div className="dash-field">
          <button type="button" className="dash-btn" onClick={sendTest} disabled={disabled}>
            Send test event
          </button>
        </div>
        <div className="dash-field">
          <button type="button" className="dash-btn" onClick={rotate}>
            Rotate secret
          </button>
        </div>
        <div className="dash-field">
          <button type="button" className="dash-btn" onClick={() => post(disabled ? "/enable" : "/disable")}>
            {disabled ? "Enable" : "Disable"}
          </button>
        </div>
        <div className="dash-field">
          <TwoStepAction
            label="Delete"
            question={`Delete the endpoint ${url}? Nothing more is sent to it, at once; this cannot be undone.`}
            confirmLabel="Confirm delete"
            busyLabel="Deleting…"
            endpoint={base}
            method="DELETE"
            csrfToken={csrfToken}
          />
        </div>
      </div>
      <div role="status">
        {message ? <p className={message.ok ? "dash-muted" : "dash-error"}>{message.text}</p> : null}
      </div>
      {secret ? (
        <ShownOnceSecret secret={secret} title="Secret rotated; the previous one keeps signing for 24 hours." />
      ) : null}
    </div>
  );
}
