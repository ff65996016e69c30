import { randomBytes } from "node:crypto";
import { secureCookies } from "@/lib/auth/session-cookie";

export const DEVICE_COOKIE = "dash_device";
/** About 400 days, the longest a browser keeps a cookie: a browser stays known between sign-ins. */
const MAX_AGE_SECONDS = 400 * 24 * 3600;

/**
 * A device is a browser, known by a random 256-bit token in a long-lived cookie sent only to the
 * dashboard's API (where sign-ins happen). Simple and private: no fingerprint, nothing read from the
 * machine; a browser whose cookies were cleared, or a private window, counts as new.
 */
export function newDeviceToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The device token from a Cookie header, when it has the shape we issue. */
export function deviceTokenFrom(cookieHeader: string | null): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === DEVICE_COOKIE) {
      const token = value.join("=");
      return /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
    }
  }
  return undefined;
}

/** Set-Cookie for the device token: httpOnly, SameSite=Lax, Secure where the session cookie is. */
export function deviceCookie(token: string): string {
  return [
    `${DEVICE_COOKIE}=${token}`,
    "Path=/dashboard/api",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${MAX_AGE_SECONDS}`,
    ...(secureCookies() ? ["Secure"] : []),
  ].join("; ");
}
