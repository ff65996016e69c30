import { clearedSessionCookie } from "@/lib/auth/session-cookie";
import { endSession } from "@/lib/auth/session-end";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { json } from "@/lib/http/route";

/** Sign out: the session row is deleted and the cookie cleared. */
export const POST = dashboardRoute("two-factor-enrolment", async ({ db, token }) => {
  await endSession(db, token);
  return json({ ok: true }, 200, { "set-cookie": clearedSessionCookie() });
});
