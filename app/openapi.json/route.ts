import { env } from "@/lib/env";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { json, route } from "@/lib/http/route";
import { API_OPERATIONS } from "./api-operations";

export const GET = route(async () => json(buildOpenApiDocument(API_OPERATIONS, env().PUBLIC_BASE_URL)));
