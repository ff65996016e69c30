import { recognizeDevice } from "@/lib/users/devices/recognize-device";
import { sessionCookie } from "@/lib/auth/session-cookie";
import { publicMutationRoute } from "@/lib/dashboard/dashboard-route";
import { clientNetwork } from "@/lib/http/client-ip";
import { signUp } from "@/lib/dashboard/sign-up";
import { readJson } from "@/lib/http/read-json";
import { json, withCookie } from "@/lib/http/route";

/** Sign up: a new merchant and its first user (rate-limited per client address); answers with the session cookie set. */
export const POST = publicMutationRoute(async ({ req, db }) => {
  const session = await signUp(db, await readJson(req), clientNetwork(req));
  const device = await recognizeDevice(db, { req, sessionToken: session.token, notify: false });
  return withCookie(json({ ok: true }, 201, { "set-cookie": sessionCookie(session.token) }), device);
});
