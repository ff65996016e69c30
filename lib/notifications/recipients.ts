import type { MemberNotificationKind } from "./notification-kinds";

export type Member = { userId: string; email: string; isOwner: boolean };
export type Preference = { userId: string; kind: string; enabled: boolean };

/** A member's choice for a kind: their saved one, else the default (on for owners, off for the rest). */
export function wants(member: Member, kind: MemberNotificationKind, preferences: Preference[]): boolean {
  const saved = preferences.find((p) => p.userId === member.userId && p.kind === kind);
  return saved ? saved.enabled : member.isOwner;
}

/** Every member with whether this kind of notification is sent to them. */
export function recipientsFor(
  kind: MemberNotificationKind,
  members: Member[],
  preferences: Preference[],
): { member: Member; send: boolean }[] {
  return members.map((member) => ({ member, send: wants(member, kind, preferences) }));
}
