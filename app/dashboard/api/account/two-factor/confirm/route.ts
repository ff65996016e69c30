import { actorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { confirmTotpEnrolment } from "@/lib/users/two-factor/enrol-totp";

/** Confirm the enrolment with a first code: two-factor sign-in is on; the recovery codes are in this answer only. */
export const POST = dashboardRoute("two-factor-enrolment", async ({ req, db, session }) => {
  const enrolled = await confirmTotpEnrolment(db, session.user.id, await readJson(req));
  await recordAuditEvent(db, {
    actor: actorOf(session, req),
    action: "two_factor.enabled",
    target: { kind: "user", id: session.user.id },
  });
  return json(enrolled);
});
