import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getMessages, getTranslations } from "next-intl/server";
import { LanguageSwitcher } from "@/components/checkout/language-switcher";
import { PosClient } from "@/components/pos/pos-client";
import { pickNamespaces, type Messages } from "@/lib/i18n/load-messages";
import "./pos.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pos");
  return { title: t("title"), referrer: "no-referrer", robots: { index: false } };
}
export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#0f172a" };
// Rendered per request, so the proxy's CSP nonce and the negotiated language reach the page.
export const dynamic = "force-dynamic";

/** The point of sale for a phone or tablet at a counter, in the seller's language; its key lives on the device (see PosApp). */
export default async function PosPage() {
  const messages = (await getMessages()) as Messages;
  return (
    <main className="pos-main">
      <div className="pos-frame">
        <LanguageSwitcher path="/pos" />
        <NextIntlClientProvider messages={pickNamespaces(messages, ["pos"])}>
          <PosClient />
        </NextIntlClientProvider>
        <noscript>
          <p>{messages.pos.needsJs}</p>
        </noscript>
      </div>
    </main>
  );
}
