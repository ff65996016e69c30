"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { saveCredentialsFromLink } from "./pos-credentials";
import type { PosCredentials } from "./pos-api";

/** A device with no key yet: scan the setup code from the dashboard, or paste its link here. */
export function PosSetup({ problem, onReady }: { problem: string | null; onReady: (creds: PosCredentials) => void }) {
  const t = useTranslations("pos");
  const [error, setError] = useState<string | null>(null);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const link = String(new FormData(event.currentTarget).get("setupLink") ?? "");
    const creds = saveCredentialsFromLink(link);
    if (creds) onReady(creds);
    else setError(t("notSetupLink"));
  }
  return (
    <section className="pos-setup" aria-labelledby="setup-heading">
      <h1 id="setup-heading">{t("setupTitle")}</h1>
      {problem ? <p role="alert">{problem}</p> : null}
      <p>{t.rich("setupBody", { strong: (chunks) => <strong>{chunks}</strong> })}</p>
      <form onSubmit={submit}>
        <label htmlFor="setupLink">{t("setupLink")}</label>
        <input id="setupLink" name="setupLink" type="url" autoComplete="off" required />
        {error ? <p role="alert">{error}</p> : null}
        <button type="submit" className="pos-primary">
          {t("useLink")}
        </button>
      </form>
    </section>
  );
}
