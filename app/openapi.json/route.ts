import { env } from "@/lib/env";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { json, route } from "@/lib/http/route";

export const GET = route(async () => json(buildOpenApiDocument(env().PUBLIC_BASE_URL)));
