import type { z } from "zod";
import type { ApiKeyScope } from "@/lib/auth/scopes";
import type { ErrorCode } from "@/lib/errors/api-error";

/**
 * One operation of the OpenAPI document. Each is declared beside the route it documents
 * (app/<path>/openapi.ts, exported under the route's method name) and collected by app/openapi.json.
 */
export type ApiOperation = {
  operationId: string;
  method: "get" | "post" | "patch" | "put" | "delete";
  path: string;
  summary: string;
  tags: string[];
  /** `key`: Api-Key alone names its merchant (Merchant-Id optional). `platform`: a partner's key. */
  auth: "merchant" | "key" | "legacy" | "platform" | "none";
  /** The API key scopes the route requires (lib/auth/scopes.ts); a key without one is answered 403 insufficient_scope. */
  scopes?: ApiKeyScope[];
  deprecated?: boolean;
  parameters?: Record<string, unknown>[];
  body?: z.ZodType;
  /** The body may be left out entirely (its fields all have defaults). */
  bodyOptional?: boolean;
  response: { status: number; description: string; schema: z.ZodType };
  errors: ErrorCode[];
  /** Where this operation answers a code with another status than the table's (ApiError's override). */
  errorStatus?: Partial<Record<ErrorCode, number>>;
};
