import { can, type Permission } from "./permissions";

/**
 * What a dashboard route or page needs besides a session: a permission of the member's role;
 * `own-account`, only to be a member (their own password and sessions); `two-factor-enrolment`, not
 * even a second factor while the team requires one (enrolling one, signing out, who am I).
 */
export type Access = Permission | "own-account" | "two-factor-enrolment";

export type AccessRefusal = { kind: "two-factor" } | { kind: "permission"; permission: Permission; role: string };

type Member = { user: { role: string }; twoFactorMissing: boolean };

/**
 * Why `member` may not reach what needs `access`, or undefined when they may. The team's two-factor
 * rule comes first: a member held by it may do nothing but enrol, whatever their role.
 */
export function checkAccess(member: Member, access: Access): AccessRefusal | undefined {
  if (access === "two-factor-enrolment") return undefined;
  if (member.twoFactorMissing) return { kind: "two-factor" };
  if (access === "own-account") return undefined;
  return can(member.user.role, access) ? undefined : { kind: "permission", permission: access, role: member.user.role };
}
