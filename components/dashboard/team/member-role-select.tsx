"use client";

import { useState } from "react";
import { TeamAction } from "./team-action";

/** Choose another role for a member, then Change role. */
export function MemberRoleSelect({
  memberId,
  email,
  role,
  roles,
  csrfToken,
}: {
  memberId: string;
  email: string;
  role: string;
  roles: readonly string[];
  csrfToken: string;
}) {
  const [chosen, setChosen] = useState(role);
  return (
    <span className="dash-row" style={{ gap: 8 }}>
      <select aria-label={`Role of ${email}`} value={chosen} onChange={(e) => setChosen(e.target.value)}>
        {roles.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      {chosen !== role ? (
        <TeamAction
          url={`/dashboard/api/team/members/${encodeURIComponent(memberId)}`}
          method="PATCH"
          body={{ role: chosen }}
          label="Change role"
          ariaLabel={`Change the role of ${email}`}
          csrfToken={csrfToken}
        />
      ) : null}
    </span>
  );
}
