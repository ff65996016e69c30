import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { json } from "@/lib/http/route";
import { startPasskeyRegistration } from "@/lib/users/passkeys/register-passkey";

/** Options for the browser to make a passkey for this account (WebAuthn creation options, a challenge bound to this session). */
export const POST = dashboardRoute("two-factor-enrolment", async ({ db, session, token }) =>
  json(await startPasskeyRegistration({ db, userId: session.user.id, email: session.user.email, sessionToken: token })),
);
