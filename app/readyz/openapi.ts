import type { ApiOperation } from "@/lib/openapi/api-operation";
import { readinessSchema } from "@/lib/operations/gas-schemas";

export const GET: ApiOperation = {
  operationId: "readyz",
  method: "get",
  path: "/readyz",
  summary:
    "Readiness for a load balancer: 503 while draining, or when the database, its migrations or the networks are not there",
  tags: ["Operations"],
  auth: "none",
  response: {
    status: 200,
    description: "Ready for traffic (503 with the reasons otherwise)",
    schema: readinessSchema,
  },
  errors: [],
};
