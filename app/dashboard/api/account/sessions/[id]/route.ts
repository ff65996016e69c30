import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { ApiError } from "@/lib/errors/api-error";
import { json } from "@/lib/http/route";
import { endOwnSession } from "@/lib/users/own-sessions";

/** Sign one of the user's own sessions out; any other id (another user's included) is a 404. */
export const DELETE = dashboardRoute<{ id: string }>("own-account", async ({ params, db, session }) => {
  const ended = /^[0-9a-f]{64}$/.test(params.id) && (await endOwnSession(db, session.user.id, params.id));
  if (!ended) throw new ApiError("not_found", "No such session of yours");
  return json({ id: params.id, ended: true });
});
