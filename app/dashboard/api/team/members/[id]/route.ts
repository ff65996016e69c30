import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { teamActor } from "@/lib/team/team-actor";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { changeMemberRole } from "@/lib/team/change-member-role";
import { removeMember } from "@/lib/team/remove-member";

/** Change a member's role (`{role}`): not one's own, owners only by an owner, never the last owner's. */
export const PATCH = dashboardRoute<{ id: string }>("team:manage", async ({ req, params, db, session }) =>
  json(await changeMemberRole(db, { actor: teamActor(session, req), memberId: params.id, input: await readJson(req) })),
);

/** Remove a member: their account and sessions end. Not oneself, never the last owner. */
export const DELETE = dashboardRoute<{ id: string }>("team:manage", async ({ req, params, db, session }) =>
  json(await removeMember(db, teamActor(session, req), params.id)),
);
