import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { webhookAttempts, webhookDeliveries, webhookEvents } from "@/db/schema";
import { findWebhookEndpointOrThrow } from "./find-webhook-endpoint";

export type DeliveryPage = { limit: number; cursor?: string };

/**
 * An endpoint's delivery log, newest first: each delivery with its event (type, id, payment) and every
 * attempt (when, status code, how long, the first 1 KB of the answer, the error). Paged by keyset:
 * `nextCursor` is the last delivery's id, and the next page starts below its (created_at, id), which
 * stays exact however many deliveries arrive meanwhile.
 */
export async function listWebhookDeliveries(
  db: Db,
  { merchantId, endpointId, page }: { merchantId: string; endpointId: string; page: DeliveryPage },
) {
  // One snapshot for both reads: a worker records an attempt and moves its delivery in one
  // transaction, and the log must not show the attempt beside the delivery as it was before it.
  return db.transaction((tx) => readPage(tx, { merchantId, endpointId, page }), {
    isolationLevel: "repeatable read",
    accessMode: "read only",
  });
}

async function readPage(
  db: Tx,
  { merchantId, endpointId, page }: { merchantId: string; endpointId: string; page: DeliveryPage },
) {
  const endpoint = await findWebhookEndpointOrThrow(db, merchantId, endpointId);
  const below = page.cursor
    ? sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (select created_at, id from ${webhookDeliveries} where id = ${page.cursor} and endpoint_id = ${endpoint.id})`
    : undefined;
  const rows = await db
    .select({
      delivery: webhookDeliveries,
      event: {
        id: webhookEvents.id,
        type: webhookEvents.type,
        paymentId: webhookEvents.paymentId,
        live: webhookEvents.live,
      },
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.endpointId, endpoint.id), below))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  const ids = shown.map((r) => r.delivery.id);
  const attempts = ids.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, ids))
        .orderBy(asc(webhookAttempts.attempt), asc(webhookAttempts.id))
    : [];
  const data = shown.map(({ delivery: d, event }) => ({
    id: d.id,
    eventId: event.id,
    eventType: event.type,
    paymentId: event.paymentId,
    live: event.live,
    status: d.status,
    attemptCount: d.attemptCount,
    nextAttemptAt: d.nextAttemptAt,
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    createdAt: d.createdAt,
    deliveredAt: d.deliveredAt,
    attempts: attempts
      .filter((a) => a.deliveryId === d.id)
      .map((a) => ({
        attempt: a.attempt,
        startedAt: a.startedAt,
        statusCode: a.statusCode,
        durationMs: a.durationMs,
        responseBody: a.responseBody,
        error: a.error,
      })),
  }));
  return { data, nextCursor: rows.length > page.limit ? (shown.at(-1)?.delivery.id ?? null) : null };
}

export type WebhookDeliveryView = Awaited<ReturnType<typeof listWebhookDeliveries>>["data"][number];
