import { inject } from "vitest";
import { uniqueClientIp } from "./client-ip";
import { uniqueEmail } from "./unique-email";

export { uniqueClientIp, uniqueEmail };

export type DashboardUser = { email: string; password: string; cookie: string; csrfToken: string; merchantId: string };

/**
 * A request to the dashboard as a browser on our own origin would send it. Each comes from an
 * address of its own (X-Forwarded-For) unless the test names one, so that per-address limits
 * (sign-ups, failed sign-ins) only count what a test does on purpose, also across runs against
 * the same database.
 */
export function dash(
  path: string,
  init: RequestInit & {
    user?: Pick<DashboardUser, "cookie" | "csrfToken">;
    json?: unknown;
    origin?: string | null;
  } = {},
): Promise<Response> {
  const { user, json, origin, headers, ...rest } = init;
  const all = new Headers(headers);
  if (!all.has("x-forwarded-for")) all.set("x-forwarded-for", uniqueClientIp());
  const base = inject("baseUrl");
  if (origin !== null) all.set("origin", origin ?? base);
  if (user) {
    all.set("cookie", user.cookie);
    if (!all.has("x-csrf-token")) all.set("x-csrf-token", user.csrfToken);
  }
  if (json !== undefined) all.set("content-type", "application/json");
  return fetch(`${base}${path}`, {
    redirect: "manual",
    ...rest,
    headers: all,
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
}

/** The `dash_session=…` pair of a response's Set-Cookie. */
export function sessionCookieOf(res: Response): string | undefined {
  const set = res.headers.getSetCookie().find((c) => c.startsWith("dash_session="));
  return set?.split(";")[0];
}

/** Sign up a new merchant and user; returns what a browser would hold afterwards. */
export async function signUpUser(
  opts: { businessName?: string; email?: string; password?: string } = {},
): Promise<DashboardUser> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? "correct horse battery";
  const res = await dash("/dashboard/api/sign-up", {
    method: "POST",
    json: { businessName: opts.businessName ?? "Dash Shop", email, password },
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const cookie = sessionCookieOf(res)!;
  const session = await (await dash("/dashboard/api/session", { user: { cookie, csrfToken: "" } })).json();
  return { email, password, cookie, csrfToken: session.csrfToken, merchantId: session.merchant.id };
}

/** Create an API key through the dashboard; the secret as shown once. */
export async function createKey(user: DashboardUser, name = "test key"): Promise<{ id: string; secret: string }> {
  const res = await dash("/dashboard/api/keys", { method: "POST", user, json: { name } });
  if (res.status !== 201) throw new Error(`key create answered ${res.status}: ${await res.text()}`);
  return res.json();
}
