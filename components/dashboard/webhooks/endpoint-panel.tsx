import { formatTime } from "@/lib/dashboard/format";
import type { WebhookEndpointPanel } from "@/lib/dashboard/load-webhooks";
import { DeliveryLog } from "./delivery-log";
import { EndpointActions } from "./endpoint-actions";
import { ResendFailedForm } from "./resend-failed-form";

/** One endpoint: why it is disabled (if it is), its actions, and its delivery log. */
export function EndpointPanel({
  panel,
  csrfToken,
  eventTypes,
}: {
  panel: WebhookEndpointPanel;
  csrfToken: string;
  eventTypes: readonly string[];
}) {
  const { endpoint, deliveries } = panel;
  const headingId = `endpoint-${endpoint.id}`;
  return (
    <section className="dash-panel" aria-labelledby={headingId} data-endpoint-id={endpoint.id}>
      <h2 id={headingId}>
        <code>{endpoint.url}</code>
      </h2>
      {endpoint.disabledReason === "failing" ? (
        <p className="dash-error" role="alert" data-testid="endpoint-disabled-failing">
          Disabled on {formatTime(endpoint.disabledAt)}: every delivery failed for 5 days. Fix the receiver, enable the
          endpoint, then resend the failed deliveries.
        </p>
      ) : endpoint.disabledReason === "merchant" ? (
        <p className="dash-attention">Disabled by you: nothing is sent here until you enable it.</p>
      ) : endpoint.failingSince ? (
        <p className="dash-attention">
          Every delivery has failed since {formatTime(endpoint.failingSince)}; after 5 days the endpoint is disabled.
        </p>
      ) : null}
      <p className="dash-muted">
        Events: {endpoint.events ? endpoint.events.join(", ") : "all"} · added {formatTime(endpoint.createdAt)} ·{" "}
        <code>{endpoint.id}</code>
      </p>
      <EndpointActions
        endpointId={endpoint.id}
        url={endpoint.url}
        disabled={endpoint.disabled}
        csrfToken={csrfToken}
        eventTypes={eventTypes}
      />
      <h3>Deliveries</h3>
      <ResendFailedForm endpointId={endpoint.id} csrfToken={csrfToken} disabled={endpoint.disabled} />
      <DeliveryLog
        endpointId={endpoint.id}
        deliveries={deliveries}
        csrfToken={csrfToken}
        disabled={endpoint.disabled}
      />
    </section>
  );
}
