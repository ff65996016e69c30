import { sessionCookie } from "@/lib/auth/session-cookie";
import { clientIp, publicMutationRoute } from "@/lib/dashboard/dashboard-route";
import { SIGN_UP_WINDOW_SECONDS, signUp } from "@/lib/dashboard/sign-up";
import { ApiError } from "@/lib/http/errors";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";

/** Sign up: a new merchant and its first user (rate-limited per client address); answers with the session cookie set. */
export const POST = publicMutationRoute(async ({ req, db }) => {
  try {
    const session = await signUp(db, await readJson(req), clientIp(req));
    return json({ ok: true }, 201, { "set-cookie": sessionCookie(session.token) });
  } catch (err) {
    if (err instanceof ApiError && err.code === "rate_limited") return json(err.toBody(), err.status, { "retry-after": String(SIGN_UP_WINDOW_SECONDS) });
    throw err;
  }
});
