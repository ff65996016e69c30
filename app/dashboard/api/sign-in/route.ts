import { sessionCookie } from "@/lib/auth/session-cookie";
import { clientIp, publicMutationRoute } from "@/lib/dashboard/dashboard-route";
import { SIGN_IN_LIMITS, signIn } from "@/lib/dashboard/sign-in";
import { ApiError } from "@/lib/http/errors";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";

/** Sign in with email and password (rate-limited); answers with the session cookie set. */
export const POST = publicMutationRoute(async ({ req, db }) => {
  try {
    const session = await signIn(db, await readJson(req), clientIp(req));
    return json({ ok: true }, 200, { "set-cookie": sessionCookie(session.token) });
  } catch (err) {
    if (err instanceof ApiError && err.code === "rate_limited") return json(err.toBody(), err.status, { "retry-after": String(SIGN_IN_LIMITS.windowMinutes * 60) });
    throw err;
  }
});
