import type { Metadata } from "next";
import { JoinTeamForm } from "@/components/dashboard/join-team-form";

export const metadata: Metadata = { title: "Join a team", referrer: "no-referrer" };

/** Where an invitation link lands (`/dashboard/join#token=…`): choose a password and join the team. */
export default function JoinPage() {
  return (
    <main className="dash-auth">
      <div className="dash-panel">
        <h1>Join a team</h1>
        <JoinTeamForm />
      </div>
    </main>
  );
}
