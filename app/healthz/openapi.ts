import type { ApiOperation } from "@/lib/openapi/api-operation";
import { healthSchema } from "@/lib/operations/gas-schemas";

export const GET: ApiOperation = {
  operationId: "healthz",
  method: "get",
  path: "/healthz",
  summary:
    "Details for operators: networks and their RPC endpoints, gas keys, watcher and webhook backlog (503 when the database does not answer)",
  tags: ["Operations"],
  auth: "none",
  response: {
    status: 200,
    description: "status degraded when something needs attention, named in reasons",
    schema: healthSchema,
  },
  errors: [],
};
