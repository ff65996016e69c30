import { z } from "zod";
import type { ErrorCode } from "@/lib/errors/api-error";
import { ERROR_STATUS } from "@/lib/http/error-status";
import type { ApiOperation } from "./api-operation";
import { errorBody } from "./error-body";
import { API_VERSIONS, isVersionedPath, LATEST_API_VERSION, VERSION_HEADERS } from "@/lib/http/api-version";

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
 * The OpenAPI 3.1 document of the operations (app/openapi.json/api-operations.ts collects them from beside
 * their routes), generated from the zod schemas the handlers parse with, so the two cannot disagree.
 * OpenAPI 3.1 speaks JSON Schema 2020-12, which is what zod emits. Paths and components keep the
 * operations' order.
 */
export function buildOpenApiDocument(operations: readonly ApiOperation[], serverUrl: string) {
  const components: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    (paths[op.path] ??= {})[op.method] = operationObject(op, components);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Payment service",
      version: LATEST_API_VERSION,
      description: "Merchant API of the self-hosted crypto payment service. Amounts are strings of minor units.",
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        ApiKey: { type: "apiKey", in: "header", name: "Api-Key" },
        MerchantId: { type: "apiKey", in: "header", name: "Merchant-Id" },
        LegacyApiKey: {
          type: "apiKey",
          in: "header",
          name: "X-Api-Key",
          description: "Deprecated; Api-Key is also accepted",
        },
      },
    },
  };
}

// The route wrapper versions every /v1 route (lib/http/route.ts); the document says so on each of them.
const VERSION_GRAMMAR = "^[0-9]{4}-[0-9]{2}-[0-9]{2}(\\.preview)?$";
const VERSION_PARAMETERS = VERSION_HEADERS.map((name) => ({
  name,
  in: "header",
  required: false,
  description:
    `The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: ${LATEST_API_VERSION}. ` +
    "Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version.",
  schema: { type: "string", pattern: VERSION_GRAMMAR, examples: [...API_VERSIONS] },
}));
const VERSION_RESPONSE_HEADER = {
  "WCP-Version": {
    description: `The version this answer was served under (${LATEST_API_VERSION} when the request named none)`,
    schema: { type: "string", enum: [...API_VERSIONS] },
  },
};
const VERSION_ERRORS: ErrorCode[] = ["invalid_api_version", "unknown_api_version"];

function operationObject(op: ApiOperation, components: Record<string, JsonSchema>) {
  const versioned = isVersionedPath(op.path);
  const headers = versioned ? { headers: VERSION_RESPONSE_HEADER } : {};
  const responses: Record<string, unknown> = {
    [String(op.response.status)]: {
      description: op.response.description,
      ...headers,
      content: { "application/json": { schema: schemaFor(op.response.schema, "output", components) } },
    },
  };
  const errors: ErrorCode[] = [...op.errors, ...(op.scopes ? ["insufficient_scope" as const] : [])];
  for (const code of versioned ? [...errors, ...VERSION_ERRORS] : errors) {
    const status = String(op.errorStatus?.[code] ?? ERROR_STATUS[code]);
    const entry = (responses[status] ??= {
      description: "Error",
      ...headers,
      content: { "application/json": { schema: schemaFor(errorBody, "output", components) } },
      "x-error-codes": [] as ErrorCode[],
    }) as { "x-error-codes": ErrorCode[] };
    entry["x-error-codes"].push(code);
  }
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.scopes
      ? { description: `Requires the API key scope ${op.scopes.join(" and ")}.`, "x-required-scopes": op.scopes }
      : {}),
    tags: op.tags,
    ...(op.deprecated ? { deprecated: true } : {}),
    security: SECURITY[op.auth],
    parameters: [...(op.parameters ?? []), ...(versioned ? VERSION_PARAMETERS : [])],
    ...(op.body
      ? {
          requestBody: {
            required: !op.bodyOptional,
            content: { "application/json": { schema: schemaFor(op.body, "input", components) } },
          },
        }
      : {}),
    responses,
  };
}

/** Convert one zod schema, moving its named parts into components and pointing refs there. */
function schemaFor(schema: z.ZodType, io: "input" | "output", components: Record<string, JsonSchema>): JsonSchema {
  const converted = z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "any" }) as JsonSchema;
  const relinked = JSON.parse(
    JSON.stringify(converted).replaceAll('"#/$defs/', '"#/components/schemas/'),
  ) as JsonSchema;
  const { $defs, $schema, ...root } = relinked as JsonSchema & { $defs?: Record<string, JsonSchema>; $schema?: string };
  void $schema;
  Object.assign(components, $defs ?? {});
  return root;
}
