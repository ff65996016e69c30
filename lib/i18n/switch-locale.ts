import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from "./locales";

/** The query parameter the language switcher's GET form sends. */
export const LOCALE_PARAM = "locale";

/**
 * The language switcher's submission (`?locale=de` on a buyer-facing page, a plain GET form, so it
 * works without JavaScript): a 303 to the same page without the parameter, the choice kept in a
 * cookie for the whole site. An unknown locale sets nothing. Null when the request is no switch.
 * The target is always the page the form was on, so this can never redirect anywhere else.
 */
export function switchLocaleResponse(url: URL, publicBaseUrl: string): Response | null {
  const chosen = url.searchParams.get(LOCALE_PARAM);
  if (chosen === null) return null;
  // Absolute, as Next.js requires of a proxy's redirect: the page's path and query at the origin the
  // buyer reaches the checkout at (the host this process sees may be a reverse proxy's upstream).
  const back = new URL(`${url.pathname}${url.search}`, publicBaseUrl);
  back.searchParams.delete(LOCALE_PARAM);
  const secure = back.protocol === "https:";
  const headers = new Headers({ Location: back.toString(), "Cache-Control": "no-store" });
  if (isLocale(chosen)) {
    const cookie = [
      `${LOCALE_COOKIE}=${chosen}`,
      "Path=/",
      "HttpOnly",
      "SameSite=Lax",
      `Max-Age=${LOCALE_COOKIE_MAX_AGE}`,
    ];
    headers.append("Set-Cookie", [...cookie, ...(secure ? ["Secure"] : [])].join("; "));
  }
  return new Response(null, { status: 303, headers });
}
