import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/db/client";
import { SESSION_COOKIE } from "@/lib/auth/session-cookie";
import { readSession, type DashboardSession } from "@/lib/auth/session-read";
import { checkAccess } from "@/lib/team/check-access";
import type { Permission } from "@/lib/team/permissions";

/** The session of the page being rendered (read once per request), or undefined. */
export const currentSession = cache(async (): Promise<DashboardSession | undefined> => {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return readSession(await getDb(), token);
});

/**
 * Any signed-in member, even one the team's two-factor rule holds: only for the layout and the Account
 * page (where a second factor is enrolled). Every other page calls requirePermission. No session: sign in.
 */
export async function requireSession(): Promise<DashboardSession> {
  const session = await currentSession();
  if (!session) redirect("/dashboard/sign-in");
  return session;
}

/**
 * A page that needs `permission`: the session, and `missing` when the member's role lacks it (the page
 * then shows which permission it needs, and nothing else). A member the team's two-factor rule holds
 * is sent to the Account page to enrol a second factor.
 */
export async function requirePermission(
  permission: Permission,
): Promise<{ session: DashboardSession; missing?: Permission }> {
  const session = await requireSession();
  const refusal = checkAccess(session, permission);
  if (refusal?.kind === "two-factor") redirect("/dashboard/account?two-factor=required");
  return { session, missing: refusal?.kind === "permission" ? refusal.permission : undefined };
}
