import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { CopyButton } from "@/components/ui/copy-button";
import { CreateKeyForm } from "@/components/dashboard/create-key-form";
import { CreatePosKeyForm } from "@/components/dashboard/create-pos-key-form";
import { RevokeKeyButton } from "@/components/dashboard/revoke-key-button";
import { formatTime } from "@/lib/dashboard/format";
import { listApiKeys } from "@/lib/dashboard/list-api-keys";
import { requirePermission } from "@/lib/dashboard/page-session";
import { MissingPermission } from "@/components/dashboard/missing-permission";

export const metadata: Metadata = { title: "API keys" };

/** The Merchant-Id and the merchant's API keys: create with scopes (secret shown once), set up a point of sale, list, revoke. */
export default async function KeysPage() {
  const { session, missing } = await requirePermission("keys:manage");
  if (missing) return <MissingPermission title="API keys" permission={missing} role={session.user.role} />;
  const keys = await listApiKeys(await getDb(), session.merchant.id);
  return (
    <>
      <h1>API keys</h1>
      <section className="dash-panel" aria-labelledby="merchant-id-heading">
        <h2 id="merchant-id-heading">Merchant-Id</h2>
        <p className="dash-muted">
          Send it in the <code>Merchant-Id</code> header of every API request, with an API key in <code>Api-Key</code>.
        </p>
        <div className="dash-secret">
          <code data-testid="merchant-id">{session.merchant.id}</code>
          <CopyButton
            value={session.merchant.id}
            label="Copy the Merchant-Id"
            className="dash-btn"
            statusClassName="dash-visually-hidden"
          />
        </div>
      </section>
      <section className="dash-panel" aria-labelledby="new-key-heading">
        <h2 id="new-key-heading">Create a key</h2>
        <CreateKeyForm csrfToken={session.csrfToken} />
      </section>
      <section className="dash-panel" aria-labelledby="pos-heading">
        <h2 id="pos-heading">Point of sale</h2>
        <p className="dash-muted">
          A phone or tablet at a counter takes payments with a key of its own, which can create payments and read their
          status, and nothing else: no listing, refunds, settings or keys.
        </p>
        <CreatePosKeyForm csrfToken={session.csrfToken} />
      </section>
      <section className="dash-panel" aria-labelledby="keys-heading">
        <h2 id="keys-heading">Active keys</h2>
        {keys.length === 0 ? (
          <p className="dash-muted">No active keys. Create one above to call the API.</p>
        ) : (
          <div className="dash-table-wrap">
            <table data-testid="keys-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Key</th>
                  <th scope="col">Can</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">
                    <span className="dash-visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.map((k) => (
                  <tr key={k.id} data-key-id={k.id}>
                    <td>{k.name ?? "—"}</td>
                    <td>
                      <code>{k.prefix}…</code>
                    </td>
                    <td data-testid="key-scopes">{k.kind === "pos" ? "Point of sale" : k.scopes.join(", ")}</td>
                    <td>{formatTime(k.createdAt)}</td>
                    <td>{k.lastUsedAt ? formatTime(k.lastUsedAt) : "Never"}</td>
                    <td>
                      <RevokeKeyButton keyId={k.id} name={k.name ?? k.prefix} csrfToken={session.csrfToken} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
