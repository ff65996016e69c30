import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { teamActor } from "@/lib/team/team-actor";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { inviteMember } from "@/lib/team/invite-member";

/** Invite someone by email with a role (`{email, role}`): a single-use link valid 7 days is emailed to them. */
export const POST = dashboardRoute("team:manage", async ({ req, db, session }) =>
  json(await inviteMember(db, teamActor(session, req), await readJson(req)), 201),
);
