import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { teamActor } from "@/lib/team/team-actor";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { setTeamTwoFactor } from "@/lib/team/set-team-two-factor";

/** Require a second factor of every member (`{required}`); only an owner who has one may turn it on. */
export const PUT = dashboardRoute("ownership:manage", async ({ req, db, session }) =>
  json(await setTeamTwoFactor(db, teamActor(session, req), await readJson(req))),
);
