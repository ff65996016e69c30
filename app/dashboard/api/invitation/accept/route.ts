import { sessionCookie } from "@/lib/auth/session-cookie";
import { publicMutationRoute } from "@/lib/dashboard/dashboard-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { acceptInvitation } from "@/lib/team/accept-invitation";

/** Join a team from an invitation (`{token, password}`): a new account with the invited role, signed in (201). */
export const POST = publicMutationRoute(async ({ req, db }) => {
  const session = await acceptInvitation(db, await readJson(req));
  return json({ ok: true }, 201, { "set-cookie": sessionCookie(session.token) });
});
