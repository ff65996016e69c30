import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { json } from "@/lib/http/route";
import { endOtherSessions, listOwnSessions } from "@/lib/users/own-sessions";

/** The signed-in user's live sessions, this one marked. */
export const GET = dashboardRoute("own-account", async ({ db, session, token }) =>
  json({ sessions: await listOwnSessions(db, session.user.id, token) }),
);

/** Sign out everywhere else: every session of the user but this one. */
export const DELETE = dashboardRoute("own-account", async ({ db, session, token }) =>
  json({ ended: await endOtherSessions(db, session.user.id, token) }),
);
