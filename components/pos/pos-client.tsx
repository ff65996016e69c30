"use client";

import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";

function Loading() {
  const t = useTranslations("pos");
  return <p className="pos-loading">{t("loading")}</p>;
}

/** The point of sale runs in the browser only: its key lives in the device's storage, never on a server. */
export const PosClient = dynamic(() => import("./pos-app").then((m) => m.PosApp), { ssr: false, loading: Loading });
