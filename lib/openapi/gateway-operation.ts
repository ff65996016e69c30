import { z } from "zod";
import type { ErrorCode } from "@/lib/errors/api-error";
import type { ApiOperation } from "./api-operation";

const GATEWAY_ID = {
  name: "id",
  in: "path",
  required: true,
  description: "A payment id (pay_…), or a URL-encoded payment link whose pid holds it",
  schema: { type: "string" },
};
const GATEWAY_ERRORS: ErrorCode[] = ["payment_not_found", "invalid_params", "params_validation", "internal_error"];

export const INCLUDE_INFO = {
  name: "includePaymentInfo",
  in: "query",
  required: false,
  description: "Also answer the payment's info",
  schema: { type: "boolean" },
};

/** A gateway answer the document leaves open (the wallet SDK's shapes): any JSON object, named. */
export const anyObject = (id: string) => z.record(z.string(), z.unknown()).meta({ id });

type GatewayOperation = Pick<ApiOperation, "operationId" | "method" | "path" | "summary" | "body" | "errorStatus"> & {
  response: z.ZodType;
  /** Parameters after the payment id. */
  parameters?: Record<string, unknown>[];
  /** Errors after those every gateway route may answer. */
  errors?: ErrorCode[];
};

/** A wallet-facing gateway operation: no credentials, the payment id first, the gateway's common errors. */
export function gatewayOperation(o: GatewayOperation): ApiOperation {
  return {
    operationId: o.operationId,
    method: o.method,
    path: o.path,
    summary: o.summary,
    tags: ["Gateway"],
    auth: "none",
    parameters: [GATEWAY_ID, ...(o.parameters ?? [])],
    body: o.body,
    response: { status: 200, description: o.summary, schema: o.response },
    errors: [...GATEWAY_ERRORS, ...(o.errors ?? [])],
    ...(o.errorStatus ? { errorStatus: o.errorStatus } : {}),
  };
}
