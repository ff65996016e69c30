/**
 * Who may do what on the dashboard: the one table of roles and their permissions. Every dashboard
 * route and page names the permission it needs (lib/dashboard/dashboard-route.ts, page-session.ts),
 * and nothing else decides. Pure: no database, no HTTP, so the table is tested on its own.
 */
export const PERMISSIONS = [
  /** Overview, payments and their detail, payment links, network fees. */
  "payments:read",
  /** The payments CSV. */
  "payments:export",
  /** Mark an exception as paid; attach or dismiss an unmatched transfer (credits money to a payment). */
  "payments:resolve",
  /** Record a refund: from the merchant's wallet on the page, or marked as refunded outside the service. */
  "refunds:write",
  /** Create, edit, disable payment links. */
  "links:manage",
  /** API keys, point-of-sale keys included. */
  "keys:manage",
  /** Webhook endpoints: add, edit, test, resend, rotate, delete. */
  "webhooks:manage",
  /** Name, icon, receiving addresses, accepted tokens, payment defaults. */
  "settings:manage",
  /** Invite members, change their roles, remove them, revoke invitations (owners excepted). */
  "team:manage",
  /** Read and export the audit log (who did what, when). */
  "audit:read",
  /** Make, demote or remove owners; require two-factor sign-in for the whole team. */
  "ownership:manage",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ["owner", "admin", "developer", "finance", "viewer"] as const;

export type Role = (typeof ROLES)[number];

const ALL: readonly Permission[] = PERMISSIONS;

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: ALL,
  admin: ALL.filter((p) => p !== "ownership:manage"),
  developer: ["payments:read", "keys:manage", "webhooks:manage"],
  finance: ["payments:read", "payments:export", "payments:resolve", "refunds:write", "links:manage"],
  viewer: ["payments:read"],
};

/** Whether a member with `role` holds `permission`. An unknown role (even `toString`) holds nothing. */
export function can(role: string, permission: Permission): boolean {
  return isRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}
