"use client";

import { useState, type FormEvent } from "react";
import { saveCredentialsFromLink } from "./pos-credentials";
import type { PosCredentials } from "./pos-api";

/** A device with no key yet: scan the setup code from the dashboard, or paste its link here. */
export function PosSetup({ problem, onReady }: { problem: string | null; onReady: (creds: PosCredentials) => void }) {
  const [error, setError] = useState<string | null>(null);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const link = String(new FormData(event.currentTarget).get("setupLink") ?? "");
    const creds = saveCredentialsFromLink(link);
    if (creds) onReady(creds);
    else setError("This is not a point-of-sale setup link. Copy the whole link from the dashboard.");
  }
  return (
    <section className="pos-setup" aria-labelledby="setup-heading">
      <h1 id="setup-heading">Set up this point of sale</h1>
      {problem ? <p role="alert">{problem}</p> : null}
      <p>
        On the dashboard, open <strong>API keys</strong>, then <strong>Set up a point of sale</strong>, and scan the
        code with this device&apos;s camera, or paste the setup link below.
      </p>
      <form onSubmit={submit}>
        <label htmlFor="setupLink">Setup link</label>
        <input id="setupLink" name="setupLink" type="url" autoComplete="off" required />
        {error ? <p role="alert">{error}</p> : null}
        <button type="submit" className="pos-primary">
          Use this link
        </button>
      </form>
    </section>
  );
}
