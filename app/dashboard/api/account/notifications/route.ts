import { actorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { readNotificationChoices, saveNotificationChoices } from "@/lib/notifications/notification-preferences";

/** The signed-in member's notification emails, each kind on or off. */
export const GET = dashboardRoute("own-account", async ({ db, session }) =>
  json(await readNotificationChoices(db, session.merchant.id, session.user.id)),
);

/** Save the member's choices (`{payment_exceptions?: boolean, webhook_disabled?: boolean}`); answers the choices now. */
export const PUT = dashboardRoute("own-account", async ({ req, db, session }) => {
  const choices = await saveNotificationChoices(db, {
    merchantId: session.merchant.id,
    userId: session.user.id,
    input: await readJson(req),
  });
  await recordAuditEvent(db, {
    actor: actorOf(session, req),
    action: "notifications.updated",
    target: { kind: "user", id: session.user.id },
    details: choices,
  });
  return json(choices);
});
