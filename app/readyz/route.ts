import { json, route } from "@/lib/http/route";
import { checkReadiness } from "@/lib/operations/check-readiness";

/**
 * Readiness (load balancers, Kubernetes readinessProbe): 200 while this instance should get traffic; 503
 * with the reasons while it is draining, its database does not answer or lacks this build's migrations,
 * or its networks file does not load.
 */
export const GET = route(async () => {
  const { ready, reasons } = await checkReadiness();
  return json({ status: ready ? "ready" : "unavailable", reasons }, ready ? 200 : 503);
});
