import type { Messages } from "./load-messages";
import type { Locale } from "./locales";

// Message keys and locales are checked at compile time: t("checkout.typo") fails tsc.
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
