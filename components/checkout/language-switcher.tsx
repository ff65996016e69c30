import { useLocale, useTranslations } from "next-intl";
import { LOCALE_NAMES, LOCALES } from "@/lib/i18n/locales";
import { LOCALE_PARAM } from "@/lib/i18n/switch-locale";

/**
 * The buyer's language: a labelled select in a GET form back to this page (`path` with `query`);
 * proxy.ts keeps the choice in a cookie and drops the parameter again. A plain form, so it works
 * without JavaScript. Each language is named in itself.
 */
export function LanguageSwitcher({ path, query = {} }: { path: string; query?: Record<string, string> }) {
  const t = useTranslations("common");
  const locale = useLocale();
  return (
    <form className="language" method="get" action={path} data-testid="language-switcher">
      {Object.entries(query).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="language-select">{t("language")}</label>
      <select id="language-select" name={LOCALE_PARAM} defaultValue={locale}>
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
      <button type="submit">{t("changeLanguage")}</button>
    </form>
  );
}
