import { env } from "@/lib/env";

export const SESSION_COOKIE = "dash_session";
export const SESSION_TTL_SECONDS = 14 * 24 * 3600;

/**
 * Secure in production. The one exception is a production build served over plain HTTP on a
 * loopback address (tests, a local demo), where browsers would otherwise never send the cookie back.
 */
export function secureCookies(): boolean {
  const { NODE_ENV, PUBLIC_BASE_URL } = env();
  if (NODE_ENV !== "production") return false;
  const url = new URL(PUBLIC_BASE_URL);
  const loopback = url.hostname === "localhost" || url.hostname === "127.0.0.1" || url.hostname === "[::1]";
  return !(url.protocol === "http:" && loopback);
}

/** Set-Cookie for a new session: httpOnly (no script reads it), SameSite=Lax, Secure in production. */
export function sessionCookie(token: string): string {
  return [
    `${SESSION_COOKIE}=${token}`,
    "Path=/dashboard",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${SESSION_TTL_SECONDS}`,
    ...(secureCookies() ? ["Secure"] : []),
  ].join("; ");
}

/** Set-Cookie that removes the session cookie. */
export function clearedSessionCookie(): string {
  return [
    `${SESSION_COOKIE}=`,
    "Path=/dashboard",
    "HttpOnly",
    "SameSite=Lax",
    "Max-Age=0",
    ...(secureCookies() ? ["Secure"] : []),
  ].join("; ");
}

/** The session token from a Cookie header, if any. */
export function sessionTokenFrom(cookieHeader: string | null): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === SESSION_COOKIE) return value.join("=") || undefined;
  }
  return undefined;
}
