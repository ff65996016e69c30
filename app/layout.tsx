import type { Metadata } from "next";
import { getLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { textDirection } from "@/lib/i18n/locales";
import "./globals.css";

export const metadata: Metadata = {
  title: "Payment service",
  description: "Self-hosted crypto payments priced in fiat",
};

/** The page's language and direction: the buyer's on buyer-facing pages (proxy.ts), English elsewhere. */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale} dir={textDirection(locale)}>
      <body>{children}</body>
    </html>
  );
}
