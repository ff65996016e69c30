import { publicMutationRoute } from "@/lib/dashboard/dashboard-route";
import { clientNetwork } from "@/lib/http/client-ip";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { requestPasswordReset } from "@/lib/users/request-password-reset";

/** "Forgot your password?": the same 202 whether or not the address has an account (rate-limited). */
export const POST = publicMutationRoute(async ({ req, db }) => {
  await requestPasswordReset(db, await readJson(req), clientNetwork(req));
  return json({ ok: true, message: "If this address has an account, a reset link is on its way." }, 202);
});
