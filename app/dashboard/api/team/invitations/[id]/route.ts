import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { teamActor } from "@/lib/team/team-actor";
import { json } from "@/lib/http/route";
import { revokeInvitation } from "@/lib/team/revoke-invitation";

/** Revoke a pending invitation: its link stops working. Another merchant's is a 404. */
export const DELETE = dashboardRoute<{ id: string }>("team:manage", async ({ req, params, db, session }) =>
  json(await revokeInvitation(db, teamActor(session, req), params.id)),
);
