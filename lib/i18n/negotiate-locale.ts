import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "./locales";

/**
 * The locale a page speaks: the buyer's cookie when it names a supported locale, else the first
 * language of Accept-Language (by q, then by order) whose primary subtag we support ("de-CH" -> de,
 * "zh-Hant-TW" -> zh), else English. "*" and q=0 name nothing. Pure: proxy.ts feeds it the request.
 */
export function negotiateLocale({
  cookie,
  acceptLanguage,
}: {
  cookie?: string | null;
  acceptLanguage?: string | null;
}): Locale {
  if (isLocale(cookie)) return cookie;
  for (const tag of rankedLanguages(acceptLanguage ?? "")) {
    const primary = tag.split("-")[0]!;
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/** Accept-Language's tags, lower-cased, best first; malformed entries are skipped, never thrown on. */
function rankedLanguages(header: string): string[] {
  const entries: { tag: string; q: number; index: number }[] = [];
  // A header is bounded by the server; this bounds the work on a hostile one all the same.
  header
    .slice(0, 1024)
    .split(",")
    .slice(0, LOCALES.length * 8)
    .forEach((part, index) => {
      const [rawTag, ...params] = part.trim().split(";");
      const tag = rawTag?.trim().toLowerCase() ?? "";
      if (!/^[a-z]{1,8}(-[a-z0-9]{1,8})*$/.test(tag)) return;
      let q = 1;
      for (const param of params) {
        const [name, value] = param.split("=").map((s) => s.trim());
        if (name?.toLowerCase() === "q") q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value ?? "") ? Number(value) : 0;
      }
      if (q > 0) entries.push({ tag, q, index });
    });
  return entries.sort((a, b) => b.q - a.q || a.index - b.index).map((e) => e.tag);
}
