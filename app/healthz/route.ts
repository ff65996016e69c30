import { json, route } from "@/lib/http/route";
import { checkHealth } from "@/lib/operations/check-health";

/**
 * Readiness: 503 only when the database does not answer; gas keys low or unreadable, or a network
 * none of whose RPC endpoints answers, are "degraded" (200).
 */
export const GET = route(async () => {
  const { httpStatus, body } = await checkHealth();
  return json(body, httpStatus);
});
