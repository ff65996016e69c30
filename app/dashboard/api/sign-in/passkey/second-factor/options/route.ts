import { publicMutationRoute } from "@/lib/dashboard/dashboard-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { startPasskeySecondFactor } from "@/lib/users/passkeys/passkey-second-factor";

/** Options to answer a password sign-in's challenge (`{challenge}`) with one of the user's passkeys. */
export const POST = publicMutationRoute(async ({ req, db }) =>
  json(await startPasskeySecondFactor(db, await readJson(req))),
);
