import { fetchActions, fetchBody } from "@/lib/gateway/fetch-actions";
import { readJson } from "@/lib/http/read-json";
import { dbRoute } from "@/lib/http/db-route";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";

/** Resolve a build action into wallet actions (spec 4.5 step 2). */
export const POST = dbRoute<{ id: string }>(
  async ({ req, params, db }) => {
    const body = parseOrThrow(fetchBody, await readJson(req));
    return json(await fetchActions(db, params.id, body));
  },
  { rateLimit: "gateway_fetch" },
);
