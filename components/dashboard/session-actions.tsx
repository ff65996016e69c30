"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { dashboardFetch } from "./dashboard-fetch";

/** "Sign out" on one session of the list, or "Sign out everywhere else" (no id). */
export function SessionAction({ csrfToken, sessionId }: { csrfToken: string; sessionId?: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  async function end() {
    const url = sessionId ? `/dashboard/api/account/sessions/${sessionId}` : "/dashboard/api/account/sessions";
    const result = await dashboardFetch(url, { method: "DELETE", csrfToken });
    if (!result.ok) setError(result.message);
    else router.refresh();
  }
  return (
    <>
      <button type="button" className="dash-btn" onClick={() => void end()}>
        {sessionId ? "Sign out" : "Sign out everywhere else"}
      </button>
      <span role="alert">{error ? <span className="dash-error">{error}</span> : null}</span>
    </>
  );
}
