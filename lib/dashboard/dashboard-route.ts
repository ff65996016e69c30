import { timingSafeEqual } from "node:crypto";
import { getDb, type Db } from "@/db/client";
import { sessionTokenFrom } from "@/lib/auth/session-cookie";
import { readSession, type DashboardSession } from "@/lib/auth/session-read";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors/api-error";
import { route, type RouteInput } from "@/lib/http/route";
import { checkAccess, type Access } from "@/lib/team/check-access";

type Guarded<P> = RouteInput<P> & { db: Db; session: DashboardSession; token: string };

/**
 * Route handlers of the dashboard, signed in. Every mutation (anything but GET) must prove it
 * comes from our own pages twice over: an Origin header naming this site, and the session's CSRF
 * token echoed in `x-csrf-token` (a value another site cannot read). Reads need only the session.
 * `access` is required, so no route can forget it: the permission the member's role must hold (403
 * `insufficient_permission`, the permission named), checked after the team's two-factor rule (403
 * `two_factor_required`). The handler's `session.user` (id, email, role) is the actor.
 */
export function dashboardRoute<P = Record<string, never>>(
  access: Access,
  handler: (input: Guarded<P>) => Promise<Response>,
) {
  return route<P>(async (input) => {
    const mutation = input.req.method !== "GET" && input.req.method !== "HEAD";
    if (mutation) assertSameOrigin(input.req);
    const db = await getDb();
    const token = sessionTokenFrom(input.req.headers.get("cookie"));
    const session = await readSession(db, token);
    if (!session || !token) throw new ApiError("not_signed_in", "Sign in to the dashboard first");
    if (mutation && !sameToken(input.req.headers.get("x-csrf-token"), session.csrfToken)) {
      throw new ApiError("csrf_failed", "Missing or wrong CSRF token; reload the page and try again");
    }
    assertAccess(session, access);
    return handler({ ...input, db, session, token });
  });
}

function assertAccess(session: DashboardSession, access: Access): void {
  const refusal = checkAccess(session, access);
  if (refusal?.kind === "two-factor")
    throw new ApiError(
      "two_factor_required",
      "Your team requires two-factor sign-in: add an authenticator app or a passkey on the Account page first",
    );
  if (refusal?.kind === "permission")
    throw new ApiError(
      "insufficient_permission",
      `This needs the permission ${refusal.permission}, which your role (${refusal.role}) does not have`,
    );
}

/** Sign-up and sign-in: no session yet, so the Origin check (plus a JSON body, which forces CORS preflight) guards them. */
export function publicMutationRoute(
  handler: (input: RouteInput<Record<string, never>> & { db: Db }) => Promise<Response>,
) {
  return route(async (input) => {
    assertSameOrigin(input.req);
    return handler({ ...input, db: await getDb() });
  });
}

/**
 * The Origin of a state-changing request must be this site: the public base URL, or the host the
 * request was addressed to (a header no page on another site can set). Browsers send Origin on
 * every cross-site POST; a request without one is refused too. The host a proxy forwarded
 * (X-Forwarded-Host, -Proto) counts only behind proxies of the operator's (TRUST_PROXY_HOPS > 0):
 * without one, those headers are whatever the client wrote, and this server speaks plain HTTP.
 * (Next.js fills both in from Host when they are absent, and takes req.url's scheme from them.)
 */
export function assertSameOrigin(req: Request): void {
  const origin = req.headers.get("origin");
  const proxied = env().TRUST_PROXY_HOPS > 0;
  const host = (proxied && req.headers.get("x-forwarded-host")) || req.headers.get("host");
  const proto = (proxied && req.headers.get("x-forwarded-proto")) || "http";
  const allowed = new Set([new URL(env().PUBLIC_BASE_URL).origin, ...(host ? [`${proto}://${host}`] : [])]);
  if (!origin || !allowed.has(origin)) throw new ApiError("csrf_failed", "Cross-site request refused");
}

function sameToken(given: string | null, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
