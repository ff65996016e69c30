import { actorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { changePassword } from "@/lib/users/change-password";

/** Change the signed-in user's password (the current one required); every other session ends. */
export const POST = dashboardRoute("own-account", async ({ req, db, session, token }) => {
  await changePassword(db, { userId: session.user.id, currentToken: token, input: await readJson(req) });
  await recordAuditEvent(db, {
    actor: actorOf(session, req),
    action: "password.changed",
    target: { kind: "user", id: session.user.id },
  });
  return json({ ok: true });
});
