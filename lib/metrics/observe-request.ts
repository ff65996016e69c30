import { metricsHost } from "./metrics-host";
import { routePattern } from "./route-pattern";

// Far more than the routes there are: past it a label would be a path that slipped through unpatterned.
const MAX_ROUTES = 300;
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Count one answered request in the latency histogram. Never throws: metrics must not fail a request. */
export function observeRequest(
  request: { method: string; path: string; params: Record<string, string | string[] | undefined> | undefined },
  status: number,
  seconds: number,
): void {
  try {
    const host = metricsHost();
    let route = routePattern(request.path, request.params);
    if (!host.routes.has(route)) {
      if (host.routes.size >= MAX_ROUTES) route = "other";
      else host.routes.add(route);
    }
    const method = METHODS.has(request.method) ? request.method : "other";
    host.httpDuration.observe({ route, method, status_class: `${Math.floor(status / 100)}xx` }, seconds);
  } catch {
    // A broken series is no reason to fail the request it measures.
  }
}
