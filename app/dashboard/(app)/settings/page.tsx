import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { SettingsForm } from "@/components/dashboard/settings-form";
import { loadNetworks } from "@/lib/chains/load-networks";
import { env } from "@/lib/env";
import { requireSession } from "@/lib/dashboard/page-session";
import { getMerchantSettings } from "@/lib/merchants/merchant-settings";

export const metadata: Metadata = { title: "Settings" };

/** Name and icon (the checkout shows them), receiving addresses, accepted tokens, payment defaults. */
export default async function SettingsPage() {
  const session = await requireSession();
  const settings = await getMerchantSettings(await getDb(), session.merchant.id);
  if (!settings) notFound();
  const tokens = loadNetworks().flatMap((n) => n.tokens.map((t) => ({ caip19: t.caip19, label: `${t.symbol} on ${n.name}` })));
  return (
    <>
      <h1>Settings</h1>
      <SettingsForm initial={settings} tokens={tokens} serviceExpiryMinutes={Math.round(env().PAYMENT_EXPIRY_SECONDS / 60)} csrfToken={session.csrfToken} />
    </>
  );
}
