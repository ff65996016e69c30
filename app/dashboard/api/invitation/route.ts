import { publicMutationRoute } from "@/lib/dashboard/dashboard-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { previewInvitation } from "@/lib/team/accept-invitation";

/** What an invitation link is for (`{token}`): the email, role and merchant, for the join page; 409 once spent. */
export const POST = publicMutationRoute(async ({ req, db }) => json(await previewInvitation(db, await readJson(req))));
