"use client";

import { TeamAction } from "./team-action";

/** An owner's switch: require a second factor of every member, or stop requiring it. */
export function RequireTwoFactorToggle({ required, csrfToken }: { required: boolean; csrfToken: string }) {
  return (
    <>
      <p data-testid="team-two-factor-state">
        {required
          ? "Every member must sign in with a second factor (an authenticator app or a passkey)."
          : "Members may sign in with a password alone."}
      </p>
      <TeamAction
        url="/dashboard/api/team/two-factor"
        method="PUT"
        body={{ required: !required }}
        label={required ? "Stop requiring two-factor sign-in" : "Require two-factor sign-in"}
        ariaLabel={required ? "Stop requiring two-factor sign-in" : "Require two-factor sign-in"}
        csrfToken={csrfToken}
      />
    </>
  );
}
