import { z } from "zod";
import type { ApiOperation } from "@/lib/openapi/api-operation";

export const GET: ApiOperation = {
  operationId: "openapi",
  method: "get",
  path: "/openapi.json",
  summary: "This document",
  tags: ["Operations"],
  auth: "none",
  response: { status: 200, description: "OpenAPI 3.1", schema: z.record(z.string(), z.unknown()) },
  errors: [],
};
