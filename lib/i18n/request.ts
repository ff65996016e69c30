import { headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { loadMessages } from "./load-messages";
import { DEFAULT_LOCALE, isLocale, LOCALE_HEADER } from "./locales";

/**
 * next-intl's per-request configuration (next.config.ts names this file). The locale is the one
 * proxy.ts negotiated for the buyer-facing pages it matches; every other page (the dashboard) is English.
 * No i18n routing: checkout URLs are fixed by the contract, so the locale never appears in a path.
 */
export default getRequestConfig(async () => {
  const value = (await headers()).get(LOCALE_HEADER);
  const locale = isLocale(value) ? value : DEFAULT_LOCALE;
  return { locale, messages: await loadMessages(locale) };
});
