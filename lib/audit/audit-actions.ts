/**
 * Every action the audit log records. Team membership changes (`member.*`) are recorded by the team
 * code through recordMemberChange; the rest by the dashboard routes that perform them.
 */
export const AUDIT_ACTIONS = [
  "payment.refunded",
  "payment.marked_refunded",
  "payment.marked_paid",
  "transfer.attached",
  "transfer.dismissed",
  "api_key.created",
  "api_key.revoked",
  "settings.updated",
  "webhook_endpoint.created",
  "webhook_endpoint.deleted",
  "webhook_endpoint.secret_rotated",
  "webhook_endpoint.disabled",
  "webhook_endpoint.enabled",
  "password.changed",
  "two_factor.enabled",
  "two_factor.disabled",
  "passkey.added",
  "passkey.removed",
  "sign_in.new_device",
  "notifications.updated",
  "member.invited",
  "member.role_changed",
  "member.removed",
  "member.invitation_revoked",
  "team.two_factor_required",
  "team.two_factor_not_required",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
