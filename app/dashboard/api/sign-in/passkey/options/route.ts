import { publicMutationRoute } from "@/lib/dashboard/dashboard-route";
import { clientNetwork } from "@/lib/http/client-ip";
import { json } from "@/lib/http/route";
import { startPasskeySignIn } from "@/lib/users/passkeys/sign-in-with-passkey";

/** Start a sign-in with a passkey, no email asked (WebAuthn request options; counted per network, 429 beyond). */
export const POST = publicMutationRoute(async ({ req, db }) => json(await startPasskeySignIn(db, clientNetwork(req))));
