import { publicMutationRoute } from "@/lib/dashboard/dashboard-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { resetPassword } from "@/lib/users/password-reset";

/** Spend a single-use reset link: the new password is set and every session of the user ends. */
export const POST = publicMutationRoute(async ({ req, db }) => {
  await resetPassword(db, await readJson(req));
  return json({ ok: true });
});
