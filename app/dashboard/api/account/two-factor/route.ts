import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { json } from "@/lib/http/route";
import { startTotpEnrolment } from "@/lib/users/two-factor/enrol-totp";

/** Start enrolling an authenticator app: the secret and its otpauth:// URI (for the QR code), not yet in force. */
export const POST = dashboardRoute("two-factor-enrolment", async ({ db, session }) =>
  json(await startTotpEnrolment(db, session.user.id, session.user.email)),
);
