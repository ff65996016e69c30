import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors/api-error";
import { renderMetrics } from "./render-metrics";
import { bearerMatches } from "./scrape-access";

/**
 * /metrics on the public port: served only behind METRICS_TOKEN (a 404 without it, as if there were no
 * such route: METRICS_PORT serves a port of its own), and only to a scraper that sends the token.
 */
export async function metricsForMainPort(authorization: string | null): Promise<{ body: string; contentType: string }> {
  const token = env().METRICS_TOKEN;
  if (!token) throw new ApiError("not_found", "No route at /metrics");
  if (!bearerMatches(authorization, token))
    throw new ApiError("invalid_credentials", "Send the metrics token: Authorization: Bearer <METRICS_TOKEN>");
  return renderMetrics();
}
