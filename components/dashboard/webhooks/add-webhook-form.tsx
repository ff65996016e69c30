"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { dashboardFetch, issueFor, type FieldIssue } from "../dashboard-fetch";
import { Field } from "../field";
import { ShownOnceSecret } from "./shown-once-secret";

/**
 * Add an endpoint: its URL and the event types it gets (all by default; all checked is sent as "every
 * type", so types added later reach it too). The secret is shown once afterwards.
 */
export function AddWebhookForm({ csrfToken, eventTypes }: { csrfToken: string; eventTypes: readonly string[] }) {
  const router = useRouter();
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<FieldIssue[]>([]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const chosen = data.getAll("events").map(String);
    if (chosen.length === 0) {
      setIssues([{ field: "events", message: "Pick at least one event type" }]);
      return;
    }
    const body = {
      url: String(data.get("webhookUrl") ?? ""),
      ...(chosen.length < eventTypes.length ? { events: chosen } : {}),
    };
    const result = await dashboardFetch<{ secret: string }>("/dashboard/api/webhooks", {
      method: "POST",
      body,
      csrfToken,
    });
    if (!result.ok) {
      setError(result.message);
      setIssues(result.issues);
      return;
    }
    setError(null);
    setIssues([]);
    setSecret(result.data.secret);
    form.reset();
    router.refresh();
  }

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Field
          id="webhookUrl"
          label="Endpoint URL"
          type="url"
          placeholder="https://shop.example/webhooks"
          required
          maxLength={2048}
          error={issueFor(issues, "url")}
          spellCheck={false}
          autoComplete="off"
        />
        <fieldset aria-describedby={issueFor(issues, "events") ? "events-error" : undefined}>
          <legend className="dash-label">Events</legend>
          <div className="dash-checks">
            {eventTypes.map((type) => (
              <label key={type}>
                <input type="checkbox" name="events" value={type} defaultChecked /> {type}
              </label>
            ))}
          </div>
          {issueFor(issues, "events") ? (
            <p id="events-error" className="dash-hint" style={{ color: "#a3190f" }}>
              {issueFor(issues, "events")}
            </p>
          ) : null}
        </fieldset>
        <button type="submit" className="dash-btn dash-btn-primary">
          Add endpoint
        </button>
      </form>
      <div role="alert">{error && !issues.length ? <p className="dash-error">{error}</p> : null}</div>
      {secret ? <ShownOnceSecret secret={secret} title="Endpoint added." /> : null}
    </>
  );
}
