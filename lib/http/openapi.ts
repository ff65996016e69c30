import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "./errors";
import { API_OPERATIONS, errorBody, type ApiOperation } from "./api-operations";

type JsonSchema = Record<string, unknown>;

const SECURITY: Record<ApiOperation["auth"], Record<string, string[]>[]> = {
  merchant: [{ ApiKey: [], MerchantId: [] }],
  key: [{ ApiKey: [] }],
  legacy: [{ LegacyApiKey: [] }, { ApiKey: [] }],
  // A platform partner's key alone; no Merchant-Id (the merchant is in the path).
  platform: [{ ApiKey: [] }],
  none: [],
};

/**
 * The OpenAPI 3.1 document, generated from the zod schemas the handlers parse with, so the two
 * cannot disagree. OpenAPI 3.1 speaks JSON Schema 2020-12, which is what zod emits.
 */
export function buildOpenApiDocument(serverUrl: string) {
  const components: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of API_OPERATIONS) {
    (paths[op.path] ??= {})[op.method] = operationObject(op, components);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Payment service",
      version: "2026-02-19.preview",
      description: "Merchant API of the self-hosted crypto payment service. Amounts are strings of minor units.",
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        ApiKey: { type: "apiKey", in: "header", name: "Api-Key" },
        MerchantId: { type: "apiKey", in: "header", name: "Merchant-Id" },
        LegacyApiKey: { type: "apiKey", in: "header", name: "X-Api-Key", description: "Deprecated; Api-Key is also accepted" },
      },
    },
  };
}

function operationObject(op: ApiOperation, components: Record<string, JsonSchema>) {
  const responses: Record<string, unknown> = {
    [String(op.response.status)]: {
      description: op.response.description,
      content: { "application/json": { schema: schemaFor(op.response.schema, "output", components) } },
    },
  };
  for (const code of op.errors) {
    const status = String(op.errorStatus?.[code] ?? ERROR_STATUS[code]);
    const entry = (responses[status] ??= {
      description: "Error",
      content: { "application/json": { schema: schemaFor(errorBody, "output", components) } },
      "x-error-codes": [] as ErrorCode[],
    }) as { "x-error-codes": ErrorCode[] };
    entry["x-error-codes"].push(code);
  }
  return {
    operationId: op.operationId,
    summary: op.summary,
    tags: op.tags,
    ...(op.deprecated ? { deprecated: true } : {}),
    security: SECURITY[op.auth],
    parameters: op.parameters ?? [],
    ...(op.body
      ? { requestBody: { required: true, content: { "application/json": { schema: schemaFor(op.body, "input", components) } } } }
      : {}),
    responses,
  };
}

/** Convert one zod schema, moving its named parts into components and pointing refs there. */
function schemaFor(schema: z.ZodType, io: "input" | "output", components: Record<string, JsonSchema>): JsonSchema {
  const converted = z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "any" }) as JsonSchema;
  const relinked = JSON.parse(JSON.stringify(converted).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  const { $defs, $schema, ...root } = relinked as JsonSchema & { $defs?: Record<string, JsonSchema>; $schema?: string };
  void $schema;
  Object.assign(components, $defs ?? {});
  return root;
}
