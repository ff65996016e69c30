import { formatTime } from "@/lib/dashboard/format";
import type { listTeam } from "@/lib/team/list-team";
import { MemberRoleSelect } from "./member-role-select";
import { TeamAction } from "./team-action";

type Team = Awaited<ReturnType<typeof listTeam>>;

/**
 * The team's members with their roles; for each other member a role to choose and Remove. Owners'
 * rows offer nothing to a member who cannot manage ownership (the server refuses it anyway).
 */
export function MembersTable({
  members,
  me,
  canOwn,
  roles,
  csrfToken,
}: {
  members: Team["members"];
  me: string;
  canOwn: boolean;
  roles: readonly string[];
  csrfToken: string;
}) {
  return (
    <div className="dash-table-wrap">
      <table data-testid="members-table">
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Second factor</th>
            <th scope="col">Last sign-in</th>
            <th scope="col">
              <span className="dash-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((m) => {
            const editable = m.id !== me && (canOwn || m.role !== "owner");
            return (
              <tr key={m.id} data-member={m.email}>
                <td>
                  {m.email}
                  {m.id === me ? " (you)" : ""}
                </td>
                <td data-testid="member-role">
                  {editable ? (
                    <MemberRoleSelect
                      memberId={m.id}
                      email={m.email}
                      role={m.role}
                      roles={roles}
                      csrfToken={csrfToken}
                    />
                  ) : (
                    m.role
                  )}
                </td>
                <td>{m.twoFactor ? "Yes" : "No"}</td>
                <td>{m.lastSignInAt ? formatTime(m.lastSignInAt) : "Never"}</td>
                <td>
                  {editable ? (
                    <TeamAction
                      url={`/dashboard/api/team/members/${encodeURIComponent(m.id)}`}
                      method="DELETE"
                      label="Remove"
                      ariaLabel={`Remove ${m.email} from the team`}
                      csrfToken={csrfToken}
                      danger
                    />
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
