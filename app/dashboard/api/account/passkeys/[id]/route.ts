import { actorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { removePasskey, renamePasskey } from "@/lib/users/passkeys/manage-passkeys";

/** Rename one of the user's passkeys (`{name}`); another user's is a 404. */
export const PATCH = dashboardRoute<{ id: string }>("two-factor-enrolment", async ({ req, params, db, session }) =>
  json(await renamePasskey(db, { userId: session.user.id, id: params.id, input: await readJson(req) })),
);

/** Remove one of the user's passkeys (`{password}`): it signs in no more. */
export const DELETE = dashboardRoute<{ id: string }>("two-factor-enrolment", async ({ req, params, db, session }) => {
  await removePasskey(db, { userId: session.user.id, id: params.id, input: await readJson(req) });
  await recordAuditEvent(db, {
    actor: actorOf(session, req),
    action: "passkey.removed",
    target: { kind: "passkey", id: params.id },
  });
  return json({ id: params.id, removed: true });
});
