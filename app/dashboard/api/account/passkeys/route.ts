import { actorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { listPasskeys } from "@/lib/users/passkeys/manage-passkeys";
import { finishPasskeyRegistration } from "@/lib/users/passkeys/register-passkey";

/** The user's own passkeys. */
export const GET = dashboardRoute("two-factor-enrolment", async ({ db, session }) =>
  json({ data: await listPasskeys(db, session.user.id) }),
);

/** Keep the passkey the browser made (`{name, response}`, the answer to this session's options): 201. */
export const POST = dashboardRoute("two-factor-enrolment", async ({ req, db, session, token }) => {
  const added = await finishPasskeyRegistration(
    { db, userId: session.user.id, email: session.user.email, sessionToken: token },
    await readJson(req),
  );
  await recordAuditEvent(db, {
    actor: actorOf(session, req),
    action: "passkey.added",
    target: { kind: "passkey", id: added.id },
    details: { name: added.name },
  });
  return json(added, 201);
});
