import { actorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { revokeApiKey } from "@/lib/auth/revoke-api-key";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { ApiError } from "@/lib/errors/api-error";
import { json } from "@/lib/http/route";
import { ID_PATTERN } from "@/lib/ids";

/** Revoke one of the merchant's keys; the API refuses it from the next request. Another merchant's key is a 404. */
export const DELETE = dashboardRoute<{ id: string }>("keys:manage", async ({ req, params, db, session }) => {
  const revoked = ID_PATTERN.test(params.id) && (await revokeApiKey(db, params.id, session.merchant.id));
  if (!revoked) throw new ApiError("api_key_not_found", "No active API key with this id");
  await recordAuditEvent(db, {
    actor: actorOf(session, req),
    action: "api_key.revoked",
    target: { kind: "api_key", id: params.id },
  });
  return json({ id: params.id, revoked: true });
});
