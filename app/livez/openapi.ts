import { z } from "zod";
import type { ApiOperation } from "@/lib/openapi/api-operation";

export const GET: ApiOperation = {
  operationId: "livez",
  method: "get",
  path: "/livez",
  summary: "Liveness: the process runs (touches nothing else)",
  tags: ["Operations"],
  auth: "none",
  response: { status: 200, description: "Alive", schema: z.object({ status: z.string() }).meta({ id: "Health" }) },
  errors: [],
};
