import type { webhookEndpoints } from "@/db/schema";
import type { WebhookEventType } from "./event-types";

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** What a merchant may see of an endpoint: never its secrets. `events` null means every type. */
export function webhookEndpointView(row: EndpointRow) {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[] | null,
    disabled: row.disabledAt !== null,
    disabledReason: row.disabledReason,
    disabledAt: row.disabledAt,
    failingSince: row.failingSince,
    createdAt: row.createdAt,
  };
}

export type WebhookEndpointView = ReturnType<typeof webhookEndpointView>;
