import { sessionCookie } from "@/lib/auth/session-cookie";
import { publicMutationRoute } from "@/lib/dashboard/dashboard-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { completePasskeySecondFactor } from "@/lib/users/passkeys/passkey-second-factor";

/** The second step of a password sign-in with a passkey (`{challenge, response}`); answers with the session cookie set. */
export const POST = publicMutationRoute(async ({ req, db }) => {
  const session = await completePasskeySecondFactor(db, await readJson(req));
  return json({ ok: true }, 200, { "set-cookie": sessionCookie(session.token) });
});
