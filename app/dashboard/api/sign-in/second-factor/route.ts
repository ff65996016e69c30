import { recognizeDevice } from "@/lib/users/devices/recognize-device";
import { sessionCookie } from "@/lib/auth/session-cookie";
import { publicMutationRoute } from "@/lib/dashboard/dashboard-route";
import { readJson } from "@/lib/http/read-json";
import { json, withCookie } from "@/lib/http/route";
import { completeSecondFactor } from "@/lib/users/two-factor/second-factor";

/** The second step of a sign-in: an authenticator or recovery code for the challenge; answers with the session cookie set. */
export const POST = publicMutationRoute(async ({ req, db }) => {
  const session = await completeSecondFactor(db, await readJson(req));
  const device = await recognizeDevice(db, { req, sessionToken: session.token });
  return withCookie(json({ ok: true }, 200, { "set-cookie": sessionCookie(session.token) }), device);
});
