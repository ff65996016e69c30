"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { dashboardFetch, issueFor, type FieldIssue } from "./dashboard-fetch";
import { Field } from "./field";

export type SettingsValues = {
  name: string;
  iconUrl: string | null;
  evmAddress: string | null;
  solanaAddress: string | null;
  acceptedTokens: string[] | null;
  defaultExpirySeconds: number | null;
  currency: string;
};
type TokenChoice = { caip19: string; label: string };

const LABELS: Record<string, string> = {
  name: "Business name",
  iconUrl: "Icon URL",
  evmAddress: "EVM address",
  solanaAddress: "Solana address",
  acceptedTokens: "Accepted tokens",
  defaultExpirySeconds: "Payment window",
  currency: "Currency",
};

/** The merchant's settings, saved all at once; a refused field keeps everything typed so nothing is lost. */
export function SettingsForm({
  initial,
  tokens,
  serviceExpiryMinutes,
  csrfToken,
}: {
  initial: SettingsValues;
  tokens: TokenChoice[];
  serviceExpiryMinutes: number;
  csrfToken: string;
}) {
  const router = useRouter();
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [allTokens, setAllTokens] = useState(initial.acceptedTokens === null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const minutes = text("defaultExpiryMinutes");
    const body = {
      name: text("name"),
      iconUrl: text("iconUrl"),
      evmAddress: text("evmAddress"),
      solanaAddress: text("solanaAddress"),
      acceptedTokens: allTokens ? null : form.getAll("acceptedTokens").map(String),
      defaultExpirySeconds:
        minutes === "" ? null : Number.isFinite(Number(minutes)) ? Math.round(Number(minutes) * 60) : minutes,
      currency: text("currency"),
    };
    const result = await dashboardFetch<SettingsValues>("/dashboard/api/settings", { method: "PUT", body, csrfToken });
    if (result.ok) {
      setIssues([]);
      setMessage({ ok: true, text: "Settings saved" });
      router.refresh();
    } else {
      setIssues(result.issues);
      setMessage({
        ok: false,
        text: `Nothing was saved. ${result.issues.length ? result.issues.map((i) => `${LABELS[i.field.split(".")[0]!] ?? i.field}: ${i.message}`).join("; ") : result.message}`,
      });
    }
  }

  const err = (field: string) => issueFor(issues, field);
  return (
    <form onSubmit={submit} noValidate>
      <div role="status" aria-live="polite">
        {message ? <p className={message.ok ? "dash-ok" : "dash-error"}>{message.text}</p> : null}
      </div>
      <section className="dash-panel" aria-labelledby="profile-heading">
        <h2 id="profile-heading">Checkout profile</h2>
        <Field
          id="name"
          label="Business name"
          defaultValue={initial.name}
          required
          maxLength={200}
          error={err("name")}
          hint="Buyers see it on the checkout"
        />
        <Field
          id="iconUrl"
          label="Icon URL"
          type="url"
          defaultValue={initial.iconUrl ?? ""}
          error={err("iconUrl")}
          hint="https:// image URL or a data:image/…;base64 URL; leave empty for your initial"
        />
      </section>
      <section className="dash-panel" aria-labelledby="receiving-heading">
        <h2 id="receiving-heading">Receiving addresses</h2>
        <p className="dash-muted">Buyers pay these addresses directly; the service never holds your funds.</p>
        <Field
          id="evmAddress"
          label="EVM address (Ethereum, Base, …)"
          defaultValue={initial.evmAddress ?? ""}
          error={err("evmAddress")}
          hint="0x… with its EIP-55 checksum"
          spellCheck={false}
          autoComplete="off"
        />
        <Field
          id="solanaAddress"
          label="Solana address"
          defaultValue={initial.solanaAddress ?? ""}
          error={err("solanaAddress")}
          hint="Base58 public key"
          spellCheck={false}
          autoComplete="off"
        />
      </section>
      <section className="dash-panel" aria-labelledby="tokens-heading">
        <h2 id="tokens-heading">Accepted tokens</h2>
        <fieldset>
          <legend className="dash-visually-hidden">Which tokens buyers can pay with</legend>
          <div className="dash-checks">
            <label>
              <input type="radio" name="tokenMode" checked={allTokens} onChange={() => setAllTokens(true)} /> Every
              token the service offers
            </label>
            <label>
              <input type="radio" name="tokenMode" checked={!allTokens} onChange={() => setAllTokens(false)} /> Only the
              tokens below
            </label>
          </div>
        </fieldset>
        <fieldset disabled={allTokens} aria-describedby={err("acceptedTokens") ? "acceptedTokens-error" : undefined}>
          <legend className="dash-label">Tokens</legend>
          <div className="dash-checks">
            {tokens.length === 0 ? (
              <span className="dash-muted">No networks are configured on this server.</span>
            ) : null}
            {tokens.map((t) => (
              <label key={t.caip19}>
                <input
                  type="checkbox"
                  name="acceptedTokens"
                  value={t.caip19}
                  defaultChecked={initial.acceptedTokens?.includes(t.caip19) ?? true}
                />{" "}
                {t.label}
              </label>
            ))}
          </div>
          {err("acceptedTokens") ? (
            <p id="acceptedTokens-error" className="dash-hint" style={{ color: "#a3190f" }}>
              {err("acceptedTokens")}
            </p>
          ) : null}
        </fieldset>
      </section>
      <section className="dash-panel" aria-labelledby="defaults-heading">
        <h2 id="defaults-heading">Payment defaults</h2>
        <Field
          id="defaultExpiryMinutes"
          label="Payment window (minutes)"
          type="number"
          min={1}
          max={43200}
          defaultValue={initial.defaultExpirySeconds === null ? "" : String(initial.defaultExpirySeconds / 60)}
          placeholder={String(serviceExpiryMinutes)}
          error={err("defaultExpirySeconds")}
          hint={`When a payment request gives no expiresAt. Empty: the service default (${serviceExpiryMinutes} minutes)`}
        />
        <Field
          id="currency"
          label="Currency"
          defaultValue={initial.currency}
          maxLength={3}
          required
          error={err("currency")}
          hint="ISO 4217 code your revenue and statistics are reported in"
        />
      </section>
      <button type="submit" className="dash-btn dash-btn-primary">
        Save settings
      </button>
    </form>
  );
}
