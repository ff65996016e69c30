import type { Db } from "@/db/client";
// Used only when a command runs, by which time commands.ts (which imports this module) has loaded.
import { UsageError } from "./commands";
import { findUser } from "@/lib/users/find-user";
import { listUsers } from "@/lib/users/list-users";
import { issuePasswordReset } from "@/lib/users/password-reset";
import { deleteUser, disableUser, enableUser, listUserSessions, revokeUserSessions } from "@/lib/users/user-access";

export const USER_ACTIONS = new Set(["list", "disable", "enable", "delete", "reset-password", "sessions"]);

type Flags = { json?: boolean; revoke?: boolean };

/**
 * The operator's user commands: list, disable (a departed employee: sessions end at once), enable,
 * delete, reset-password (prints a single-use link to hand over), sessions (and `--revoke` them all).
 */
export async function userAdmin(
  db: Db,
  { action, target, flags }: { action: string; target: string | undefined; flags: Flags },
): Promise<string> {
  if (action === "list") return userList(db, target, flags);
  if (!target) throw new UsageError(`user ${action} needs a user id or email`);
  const user = await findUser(db, target);
  if (!user) throw new UsageError(`no user ${target}`);
  const who = `${user.email} (${user.id})`;
  switch (action) {
    case "disable":
      return (await disableUser(db, user.id)) ? `${who} disabled; their sessions ended` : `${who} was already disabled`;
    case "enable":
      return (await enableUser(db, user.id)) ? `${who} may sign in again` : `${who} was not disabled`;
    case "delete":
      await deleteUser(db, user.id);
      return `${who} deleted`;
    case "reset-password": {
      const reset = await issuePasswordReset(db, user.id);
      if (flags.json)
        return JSON.stringify({ userId: user.id, url: reset.url, expiresAt: reset.expiresAt.toISOString() });
      return [`reset link for ${who}, single use, until ${reset.expiresAt.toISOString()}:`, reset.url].join("\n");
    }
    default:
      return userSessions(db, { userId: user.id, who, flags });
  }
}

async function userList(db: Db, merchantId: string | undefined, flags: Flags): Promise<string> {
  const rows = await listUsers(db, merchantId);
  if (flags.json) {
    return JSON.stringify(
      rows.map((r) => ({
        ...r,
        createdAt: r.createdAt.toISOString(),
        lastSignInAt: r.lastSignInAt?.toISOString() ?? null,
        disabledAt: r.disabledAt?.toISOString() ?? null,
      })),
    );
  }
  if (rows.length === 0) return "no users";
  return rows
    .map((r) =>
      [
        r.id,
        r.email,
        r.merchantId,
        r.disabledAt ? "disabled" : "active",
        `sessions:${r.sessions}`,
        r.lastSignInAt ? `last sign-in ${r.lastSignInAt.toISOString()}` : "never signed in",
      ].join("\t"),
    )
    .join("\n");
}

async function userSessions(
  db: Db,
  { userId, who, flags }: { userId: string; who: string; flags: Flags },
): Promise<string> {
  if (flags.revoke) {
    const ended = await revokeUserSessions(db, userId);
    return flags.json ? JSON.stringify({ userId, revoked: ended }) : `${ended} session(s) of ${who} ended`;
  }
  const rows = await listUserSessions(db, userId);
  if (flags.json) {
    return JSON.stringify(
      rows.map((r) => ({ createdAt: r.createdAt.toISOString(), expiresAt: r.expiresAt.toISOString() })),
    );
  }
  if (rows.length === 0) return `${who} has no live session`;
  return rows.map((r) => `started ${r.createdAt.toISOString()}\texpires ${r.expiresAt.toISOString()}`).join("\n");
}
