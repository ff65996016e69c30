import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { AddWebhookForm } from "@/components/dashboard/webhooks/add-webhook-form";
import { EndpointPanel } from "@/components/dashboard/webhooks/endpoint-panel";
import { RefreshWhilePending } from "@/components/dashboard/webhooks/refresh-while-pending";
import { loadWebhooks } from "@/lib/dashboard/load-webhooks";
import { requirePermission } from "@/lib/dashboard/page-session";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/event-types";
import { MissingPermission } from "@/components/dashboard/missing-permission";

export const metadata: Metadata = { title: "Webhooks" };

/** Webhook endpoints: add (secret shown once), test, rotate, pause, delete, and each one's delivery log with resends. */
export default async function WebhooksPage() {
  const { session, missing } = await requirePermission("webhooks:manage");
  if (missing) return <MissingPermission title="Webhooks" permission={missing} role={session.user.role} />;
  const { panels, attemptDueSoon } = await loadWebhooks(await getDb(), session.merchant.id);
  return (
    <>
      <h1>Webhooks</h1>
      <RefreshWhilePending pending={attemptDueSoon} />
      <section className="dash-panel" aria-labelledby="add-webhook-heading">
        <h2 id="add-webhook-heading">Add an endpoint</h2>
        <p className="dash-muted">
          Payment events are POSTed to it, signed with the endpoint&apos;s secret (Standard Webhooks: the{" "}
          <code>webhook-signature</code> header).
        </p>
        <AddWebhookForm csrfToken={session.csrfToken} eventTypes={WEBHOOK_EVENT_TYPES} />
      </section>
      {panels.length === 0 ? <p className="dash-muted">No endpoints yet.</p> : null}
      {panels.map((panel) => (
        <EndpointPanel
          key={panel.endpoint.id}
          panel={panel}
          csrfToken={session.csrfToken}
          eventTypes={WEBHOOK_EVENT_TYPES}
        />
      ))}
    </>
  );
}
