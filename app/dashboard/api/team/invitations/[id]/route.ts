import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { json } from "@/lib/http/route";
import { revokeInvitation } from "@/lib/team/revoke-invitation";

/** Revoke a pending invitation: its link stops working. Another merchant's is a 404. */
export const DELETE = dashboardRoute<{ id: string }>("team:manage", async ({ params, db, session }) =>
  json(await revokeInvitation(db, session, params.id)),
);
