import { recognizeDevice } from "@/lib/users/devices/recognize-device";
import { sessionCookie } from "@/lib/auth/session-cookie";
import { publicMutationRoute } from "@/lib/dashboard/dashboard-route";
import { clientNetwork } from "@/lib/http/client-ip";
import { signIn } from "@/lib/dashboard/sign-in";
import { readJson } from "@/lib/http/read-json";
import { json, withCookie } from "@/lib/http/route";

/**
 * Sign in with email and password (rate-limited); answers with the session cookie set, or, for a user
 * with two-factor sign-in, with a challenge to answer at /dashboard/api/sign-in/second-factor.
 */
export const POST = publicMutationRoute(async ({ req, db }) => {
  const result = await signIn(db, await readJson(req), clientNetwork(req));
  if ("challenge" in result) {
    // `passkey`: the challenge may also be answered with one of the user's passkeys (sign-in/passkey/second-factor).
    return json({ ok: false, secondFactor: "totp", challenge: result.challenge, passkey: result.passkey });
  }
  const device = await recognizeDevice(db, { req, sessionToken: result.session.token });
  return withCookie(json({ ok: true }, 200, { "set-cookie": sessionCookie(result.session.token) }), device);
});
