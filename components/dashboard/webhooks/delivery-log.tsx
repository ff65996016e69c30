import { formatTime } from "@/lib/dashboard/format";
import type { WebhookDeliveryView } from "@/lib/webhooks/list-webhook-deliveries";
import { ResendDeliveryButton } from "./resend-delivery-button";

const STATUS_WORDS = { pending: "Pending", succeeded: "Delivered", failed: "Failed" } as const;
const BODY_SHOWN = 120;

/** An endpoint's latest deliveries, each with every attempt (time, status code, duration, start of the answer) and Resend. */
export function DeliveryLog({
  endpointId,
  deliveries,
  csrfToken,
  disabled,
}: {
  endpointId: string;
  deliveries: WebhookDeliveryView[];
  csrfToken: string;
  disabled: boolean;
}) {
  if (deliveries.length === 0)
    return <p className="dash-muted">No deliveries yet. Send a test event to try the endpoint.</p>;
  return (
    <div className="dash-table-wrap">
      <table data-testid="delivery-log">
        <thead>
          <tr>
            <th scope="col">Created</th>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">
              <span className="dash-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.id} data-delivery-id={d.id}>
              <td>{formatTime(d.createdAt)}</td>
              <td>
                {d.eventType}
                {d.live ? null : <span className="dash-muted"> (test)</span>}
                <br />
                <code className="dash-muted">{d.eventId}</code>
                {d.paymentId ? (
                  <>
                    <br />
                    <a href={`/dashboard/payments/${d.paymentId}`}>{d.paymentId}</a>
                  </>
                ) : null}
              </td>
              <td>
                <span
                  className="dash-status"
                  data-status={d.status === "succeeded" ? "succeeded" : d.status === "failed" ? "failed" : "processing"}
                >
                  {STATUS_WORDS[d.status]}
                </span>
                {d.status === "pending" && d.nextAttemptAt ? (
                  <div className="dash-muted">next try {formatTime(d.nextAttemptAt)}</div>
                ) : null}
              </td>
              <td>
                {d.attempts.length === 0 ? (
                  <span className="dash-muted">None yet</span>
                ) : (
                  <ol className="dash-attempts">
                    {d.attempts.map((a) => (
                      <li key={a.attempt} data-attempt={a.attempt}>
                        <span>{formatTime(a.startedAt)}</span> ·{" "}
                        <strong data-testid="attempt-status">{a.statusCode ?? "no answer"}</strong> ·{" "}
                        <span>{a.durationMs} ms</span>
                        {a.error ? <span className="dash-error"> · {a.error}</span> : null}
                        {a.responseBody ? (
                          <div>
                            <code title={a.responseBody}>
                              {a.responseBody.length > BODY_SHOWN
                                ? `${a.responseBody.slice(0, BODY_SHOWN)}…`
                                : a.responseBody}
                            </code>
                          </div>
                        ) : null}
                      </li>
                    ))}
                  </ol>
                )}
              </td>
              <td>
                <ResendDeliveryButton
                  endpointId={endpointId}
                  deliveryId={d.id}
                  csrfToken={csrfToken}
                  disabled={disabled}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
