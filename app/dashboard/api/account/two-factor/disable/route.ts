import { actorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { disableTotp } from "@/lib/users/two-factor/enrol-totp";

/** Turn two-factor sign-in off: the password and a current (or recovery) code. */
export const POST = dashboardRoute("two-factor-enrolment", async ({ req, db, session }) => {
  await disableTotp(db, session.user.id, await readJson(req));
  await recordAuditEvent(db, {
    actor: actorOf(session, req),
    action: "two_factor.disabled",
    target: { kind: "user", id: session.user.id },
  });
  return json({ ok: true });
});
