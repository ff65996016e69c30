"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { dashboardFetch } from "./dashboard-fetch";

export function SignOutButton({ csrfToken }: { csrfToken: string }) {
  const [busy, setBusy] = useState(false);
  const router = useRouter();
  async function signOut() {
    setBusy(true);
    await dashboardFetch("/dashboard/api/sign-out", { method: "POST", csrfToken });
    router.push("/dashboard/sign-in");
    router.refresh();
  }
  return (
    <button type="button" className="dash-btn" onClick={signOut} disabled={busy}>
      Sign out
    </button>
  );
}
