/**
 * The merchant notifications a member chooses on the Account page. A sign-in from a new device is
 * not among them: it goes to the user who signed in, always (a security notice). Gas keys running low
 * go to the operator (OPERATOR_EMAIL), not to merchants.
 */
export const MEMBER_NOTIFICATION_KINDS = ["payment_exceptions", "webhook_disabled"] as const;
export type MemberNotificationKind = (typeof MEMBER_NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<MemberNotificationKind, string> = {
  payment_exceptions: "Payment exceptions: money that arrived late, short, over, twice, or was reorged out",
  webhook_disabled: "A webhook endpoint disabled after failing deliveries",
};

/** The outbox events (lib/webhooks) that are payment exceptions, each announcing one exception. */
export const EXCEPTION_EVENT_TYPES = [
  "payment.paid_late",
  "payment.underpaid",
  "payment.overpaid",
  "payment.duplicate",
  "payment.reorged",
] as const;
