import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { MissingPermission } from "@/components/dashboard/missing-permission";
import { InviteMemberForm } from "@/components/dashboard/team/invite-member-form";
import { MembersTable } from "@/components/dashboard/team/members-table";
import { RequireTwoFactorToggle } from "@/components/dashboard/team/require-two-factor-toggle";
import { TeamAction } from "@/components/dashboard/team/team-action";
import { formatTime } from "@/lib/dashboard/format";
import { requirePermission } from "@/lib/dashboard/page-session";
import { listTeam } from "@/lib/team/list-team";
import { can, ROLES } from "@/lib/team/permissions";

export const metadata: Metadata = { title: "Team" };

/** Members and their roles, invitations by email, and (for owners) requiring two-factor sign-in of everyone. */
export default async function TeamPage() {
  const { session, missing } = await requirePermission("team:manage");
  if (missing) return <MissingPermission title="Team" permission={missing} role={session.user.role} />;
  const { members, invitations, requireTwoFactor } = await listTeam(await getDb(), session.merchant.id);
  const canOwn = can(session.user.role, "ownership:manage");
  const roles = canOwn ? ROLES : ROLES.filter((r) => r !== "owner");
  return (
    <>
      <h1>Team</h1>
      <section className="dash-panel" aria-labelledby="members-heading">
        <h2 id="members-heading">Members</h2>
        <MembersTable
          members={members}
          me={session.user.id}
          canOwn={canOwn}
          roles={roles}
          csrfToken={session.csrfToken}
        />
      </section>
      <section className="dash-panel" aria-labelledby="invite-heading">
        <h2 id="invite-heading">Invite a member</h2>
        <p className="dash-muted">They get an email with a link that works once, for 7 days, to choose a password.</p>
        <InviteMemberForm csrfToken={session.csrfToken} roles={roles} />
      </section>
      <section className="dash-panel" aria-labelledby="invitations-heading">
        <h2 id="invitations-heading">Pending invitations</h2>
        {invitations.length === 0 ? <p className="dash-muted">None.</p> : null}
        <ul data-testid="invitations">
          {invitations.map((i) => (
            <li key={i.id} className="dash-row" style={{ gap: 8 }}>
              {`${i.email} as ${i.role}, until ${formatTime(i.expiresAt)}`}
              {canOwn || i.role !== "owner" ? (
                <TeamAction
                  url={`/dashboard/api/team/invitations/${encodeURIComponent(i.id)}`}
                  method="DELETE"
                  label="Revoke"
                  ariaLabel={`Revoke the invitation of ${i.email}`}
                  csrfToken={session.csrfToken}
                  danger
                />
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      {canOwn ? (
        <section className="dash-panel" aria-labelledby="team-two-factor-heading">
          <h2 id="team-two-factor-heading">Two-factor sign-in for the team</h2>
          <RequireTwoFactorToggle required={requireTwoFactor} csrfToken={session.csrfToken} />
        </section>
      ) : null}
    </>
  );
}
