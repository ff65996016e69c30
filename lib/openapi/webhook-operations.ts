import {
  createdEndpointResponse,
  createEndpointBody,
  deletedEndpointResponse,
  deliveryListResponse,
  endpointListResponse,
  endpointResponse,
  rotatedSecretResponse,
  resendFailedBody,
  resentDeliveryResponse,
  resentFailedResponse,
  testEventBody,
  testEventResponse,
} from "@/lib/webhooks/webhook-api-schemas";
import type { ApiOperation } from "./api-operations";
import type { ErrorCode } from "@/lib/errors/api-error";

const ENDPOINT_ID = {
  name: "id",
  in: "path",
  required: true,
  description: "A webhook endpoint id (whe_…)",
  schema: { type: "string", pattern: "^whe_[0-9A-Za-z]{22}$" },
};
const DELIVERY_ID = {
  name: "deliveryId",
  in: "path",
  required: true,
  description: "A delivery id (whd_…) of this endpoint",
  schema: { type: "string", pattern: "^whd_[0-9a-f]{32}$" },
};
/** Keyset paging of the merchant API's logs and lists (limit, cursor). */
export const PAGE = [
  { name: "limit", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 100, default: 20 } },
  {
    name: "cursor",
    in: "query",
    required: false,
    description: "nextCursor of the previous page",
    schema: { type: "string" },
  },
];

/** What any merchant-authenticated route may answer before its handler runs. */
export const AUTH: ErrorCode[] = [
  "missing_api_key",
  "missing_merchant_id",
  "invalid_api_key",
  "merchant_not_found",
  "header_not_ascii",
  "internal_error",
];
const BODY: ErrorCode[] = ["params_validation", "invalid_params", "unsupported_media_type", "payload_too_large"];
const ONE: ErrorCode[] = ["params_validation", "not_found", ...AUTH];

const op = (o: Omit<ApiOperation, "auth" | "tags">): ApiOperation => ({
  auth: "merchant",
  scopes: ["webhooks:manage"],
  tags: ["Webhooks"],
  ...o,
});
const at = (suffix = "") => `/v1/webhook-endpoints/{id}${suffix}`;

/** Managing webhook endpoints: register, list, delete, rotate, pause, test, and the delivery log with resends. */
export const WEBHOOK_OPERATIONS: ApiOperation[] = [
  op({
    operationId: "createWebhookEndpoint",
    method: "post",
    path: "/v1/webhook-endpoints",
    summary: "Register an https endpoint for payment events; the signing secret is shown only in this answer",
    body: createEndpointBody,
    response: { status: 201, description: "The endpoint with its whsec_ secret", schema: createdEndpointResponse },
    errors: [...BODY, "webhook_url_not_allowed", "invalid_state", ...AUTH],
  }),
  op({
    operationId: "listWebhookEndpoints",
    method: "get",
    path: "/v1/webhook-endpoints",
    summary: "The merchant's endpoints, newest first (never their secrets)",
    response: { status: 200, description: "Every endpoint that is not deleted", schema: endpointListResponse },
    errors: AUTH,
  }),
  op({
    operationId: "deleteWebhookEndpoint",
    method: "delete",
    path: at(),
    summary: "Delete an endpoint at once and for good; its pending deliveries fail with 'endpoint deleted'",
    parameters: [ENDPOINT_ID],
    response: { status: 200, description: "Deleted", schema: deletedEndpointResponse },
    errors: ONE,
  }),
  op({
    operationId: "rotateWebhookSecret",
    method: "post",
    path: at("/rotate-secret"),
    summary: "A new signing secret (shown once); the previous one keeps signing for 24 hours",
    parameters: [ENDPOINT_ID],
    response: { status: 200, description: "The new secret", schema: rotatedSecretResponse },
    errors: ONE,
  }),
  op({
    operationId: "disableWebhookEndpoint",
    method: "post",
    path: at("/disable"),
    summary: "Pause an endpoint: no events are sent to it until it is enabled",
    parameters: [ENDPOINT_ID],
    response: { status: 200, description: "The endpoint, disabled", schema: endpointResponse },
    errors: ONE,
  }),
  op({
    operationId: "enableWebhookEndpoint",
    method: "post",
    path: at("/enable"),
    summary: "Enable an endpoint (paused, or disabled after 5 failing days); held deliveries go out",
    parameters: [ENDPOINT_ID],
    response: { status: 200, description: "The endpoint, enabled", schema: endpointResponse },
    errors: ONE,
  }),
  op({
    operationId: "sendTestWebhook",
    method: "post",
    path: at("/test"),
    summary: "Send a sample event (live: false) of a type to this endpoint only; the body may be omitted",
    parameters: [ENDPOINT_ID],
    body: testEventBody,
    bodyOptional: true,
    response: { status: 202, description: "Queued; see the delivery log", schema: testEventResponse },
    errors: [...ONE, ...BODY, "invalid_state", "rate_limited"],
  }),
  op({
    operationId: "listWebhookDeliveries",
    method: "get",
    path: at("/deliveries"),
    summary: "The endpoint's delivery log, newest first, each delivery with its attempts",
    parameters: [ENDPOINT_ID, ...PAGE],
    response: { status: 200, description: "A page of deliveries", schema: deliveryListResponse },
    errors: ONE,
  }),
  op({
    operationId: "resendWebhookDelivery",
    method: "post",
    path: at("/deliveries/{deliveryId}/resend"),
    summary: "Send one delivery again now (same event id and body)",
    parameters: [ENDPOINT_ID, DELIVERY_ID],
    response: { status: 200, description: "Queued", schema: resentDeliveryResponse },
    errors: [...ONE, "invalid_state", "rate_limited"],
  }),
  op({
    operationId: "resendFailedWebhookDeliveries",
    method: "post",
    path: at("/resend-failed"),
    summary: "Send again every failed delivery of this endpoint made since a time",
    parameters: [ENDPOINT_ID],
    body: resendFailedBody,
    response: { status: 200, description: "How many were queued", schema: resentFailedResponse },
    errors: [...ONE, ...BODY, "invalid_state", "rate_limited"],
  }),
];
