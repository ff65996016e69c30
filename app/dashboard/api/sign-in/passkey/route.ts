import { recognizeDevice } from "@/lib/users/devices/recognize-device";
import { sessionCookie } from "@/lib/auth/session-cookie";
import { publicMutationRoute } from "@/lib/dashboard/dashboard-route";
import { clientNetwork } from "@/lib/http/client-ip";
import { readJson } from "@/lib/http/read-json";
import { json, withCookie } from "@/lib/http/route";
import { finishPasskeySignIn } from "@/lib/users/passkeys/sign-in-with-passkey";

/** Finish a passkey sign-in (`{response}`): answers with the session cookie set, no second factor asked. */
export const POST = publicMutationRoute(async ({ req, db }) => {
  const session = await finishPasskeySignIn(db, await readJson(req), clientNetwork(req));
  const device = await recognizeDevice(db, { req, sessionToken: session.token });
  return withCookie(json({ ok: true }, 200, { "set-cookie": sessionCookie(session.token) }), device);
});
