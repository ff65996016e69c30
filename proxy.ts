import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { checkoutSecurityHeaders } from "@/lib/http/checkout-security-headers";
import { LOCALE_COOKIE, LOCALE_HEADER } from "@/lib/i18n/locales";
import { negotiateLocale } from "@/lib/i18n/negotiate-locale";
import { switchLocaleResponse } from "@/lib/i18n/switch-locale";

/**
 * The buyer-facing pages. Each gets its language (the buyer's cookie, else Accept-Language, else
 * English) in a request header, so the root layout sets `<html lang dir>` without knowing the path;
 * the language switcher's `?locale=` sets that cookie and comes back without it.
 * The checkout also gets a fresh CSP nonce per request: Next.js reads the policy from the request
 * headers and stamps the nonce on the scripts it renders; the browser gets the same policy on the response.
 */
export function proxy(request: NextRequest) {
  const { PUBLIC_BASE_URL } = env();
  const switched = switchLocaleResponse(request.nextUrl, PUBLIC_BASE_URL);
  if (switched) return switched;
  const locale = negotiateLocale({
    cookie: request.cookies.get(LOCALE_COOKIE)?.value,
    acceptLanguage: request.headers.get("accept-language"),
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set(LOCALE_HEADER, locale);
  const responseHeaders: Record<string, string> = { "Content-Language": locale };
  // The pages that run scripts with money at stake: the checkout and the point of sale.
  if (request.nextUrl.pathname === "/pay" || request.nextUrl.pathname === "/pos") {
    const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
    const { NODE_ENV, WALLETCONNECT_PROJECT_ID } = env();
    const headers = checkoutSecurityHeaders(nonce, {
      dev: NODE_ENV === "development",
      walletConnect: Boolean(WALLETCONNECT_PROJECT_ID),
      publicOrigin: new URL(PUBLIC_BASE_URL).origin,
    });
    requestHeaders.set("x-nonce", nonce);
    requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]!);
    Object.assign(responseHeaders, headers);
  }
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(responseHeaders)) response.headers.set(name, value);
  return response;
}

// The checkout, the payment link's page and the point of sale speak the buyer's language.
export const config = { matcher: ["/pay", "/pos", "/l/:id"] };
