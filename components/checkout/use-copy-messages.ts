"use client";

import { useTranslations } from "next-intl";

/** What a copy button says once it copied, in the buyer's language (the `common` namespace). */
export function useCopyMessages() {
  const t = useTranslations("common");
  return { copied: t("copied"), copiedStatus: t("copiedStatus"), failedStatus: t("failedStatus") };
}
