import { route } from "@/lib/http/route";
import { metricsForMainPort } from "@/lib/metrics/metrics-for-main-port";

/** Prometheus metrics on the main port, behind METRICS_TOKEN (docs/operations.md#metrics). */
export const GET = route(async ({ req }) => {
  const { body, contentType } = await metricsForMainPort(req.headers.get("authorization"));
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
});
