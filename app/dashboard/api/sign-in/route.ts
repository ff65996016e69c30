import { sessionCookie } from "@/lib/auth/session-cookie";
import { publicMutationRoute } from "@/lib/dashboard/dashboard-route";
import { clientNetwork } from "@/lib/http/client-ip";
import { signIn } from "@/lib/dashboard/sign-in";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";

/** Sign in with email and password (rate-limited); answers with the session cookie set. */
export const POST = publicMutationRoute(async ({ req, db }) => {
  const session = await signIn(db, await readJson(req), clientNetwork(req));
  return json({ ok: true }, 200, { "set-cookie": sessionCookie(session.token) });
});
