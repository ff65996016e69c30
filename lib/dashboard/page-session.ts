import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/db/client";
import { SESSION_COOKIE } from "@/lib/auth/session-cookie";
import { readSession, type DashboardSession } from "@/lib/auth/session-read";

/** The session of the page being rendered (read once per request), or undefined. */
export const currentSession = cache(async (): Promise<DashboardSession | undefined> => {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return readSession(await getDb(), token);
});

/** Signed-in pages: the session, or a redirect to sign in. */
export async function requireSession(): Promise<DashboardSession> {
  const session = await currentSession();
  if (!session) redirect("/dashboard/sign-in");
  return session;
}
