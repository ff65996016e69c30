import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { disableTotp } from "@/lib/users/two-factor/enrol-totp";

/** Turn two-factor sign-in off: the password and a current (or recovery) code. */
export const POST = dashboardRoute(async ({ req, db, session }) => {
  await disableTotp(db, session.user.id, await readJson(req));
  return json({ ok: true });
});
