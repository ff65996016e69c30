import { actorOf } from "@/lib/audit/audit-actor";
import { saveSettingsAudited } from "@/lib/audit/save-settings-audited";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";

/** Save the merchant's settings (all fields; a bad one refuses the whole change), recorded in the audit log. */
export const PUT = dashboardRoute("settings:manage", async ({ req, db, session }) => {
  return json(await saveSettingsAudited(db, actorOf(session, req), await readJson(req)));
});
