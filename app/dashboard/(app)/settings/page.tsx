import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { SettingsForm } from "@/components/dashboard/settings-form";
import { loadNetworks } from "@/lib/chains/load-networks";
import { env } from "@/lib/env";
import { requirePermission } from "@/lib/dashboard/page-session";
import { listSettlementDestinations } from "@/lib/merchants/list-settlement-destinations";
import { getMerchantSettings } from "@/lib/merchants/merchant-settings";
import { MissingPermission } from "@/components/dashboard/missing-permission";

export const metadata: Metadata = { title: "Settings" };

/** Name and icon (the checkout shows them), receiving addresses, accepted tokens, payment defaults. */
export default async function SettingsPage() {
  const { session, missing } = await requirePermission("settings:manage");
  if (missing) return <MissingPermission title="Settings" permission={missing} role={session.user.role} />;
  const db = await getDb();
  const settings = await getMerchantSettings(db, session.merchant.id);
  if (!settings) notFound();
  const tokens = loadNetworks().flatMap((n) =>
    n.tokens.map((t) => ({ caip19: t.caip19, label: `${t.symbol} on ${n.name}` })),
  );
  // Destinations a platform set per token (Platform API) win over the receiving addresses above:
  // shown here so the merchant sees where every token really goes.
  const overrides = (await listSettlementDestinations(db, { id: session.merchant.id, ...settings })).filter(
    (d) => !d.inherited,
  );
  return (
    <>
      <h1>Settings</h1>
      <SettingsForm
        initial={settings}
        tokens={tokens}
        serviceExpiryMinutes={Math.round(env().PAYMENT_EXPIRY_SECONDS / 60)}
        csrfToken={session.csrfToken}
      />
      {overrides.length > 0 ? (
        <section className="dash-panel" aria-labelledby="destinations-heading">
          <h2 id="destinations-heading">Per-token destinations</h2>
          <p className="dash-muted">
            Set by your platform through its API. These tokens are paid to these accounts instead of the receiving
            address above.
          </p>
          <ul>
            {overrides.map((d) => (
              <li key={d.id}>
                {tokens.find((t) => t.caip19 === d.asset)?.label ?? d.asset}:{" "}
                <code>{d.destination.slice(d.destination.lastIndexOf(":") + 1)}</code>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
