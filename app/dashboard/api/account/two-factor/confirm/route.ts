import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { confirmTotpEnrolment } from "@/lib/users/two-factor/enrol-totp";

/** Confirm the enrolment with a first code: two-factor sign-in is on; the recovery codes are in this answer only. */
export const POST = dashboardRoute(async ({ req, db, session }) =>
  json(await confirmTotpEnrolment(db, session.user.id, await readJson(req))),
);
