import { z } from "zod";
import { createApiKey } from "@/lib/auth/create-api-key";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";

const body = z.object({ name: z.string().trim().min(1, "is required").max(100, "must be at most 100 characters") });

/** Create an API key for the signed-in merchant; the secret is in this answer and nowhere else. */
export const POST = dashboardRoute(async ({ req, db, session }) => {
  const { name } = parseOrThrow(body, await readJson(req));
  const key = await createApiKey(db, session.merchant.id, name);
  return json({ id: key.id, name, prefix: key.prefix, secret: key.secret }, 201);
});
