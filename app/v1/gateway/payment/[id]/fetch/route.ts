import { getDb } from "@/db/client";
import { fetchActions, fetchBody } from "@/lib/gateway/fetch-actions";
import { readJson } from "@/lib/http/read-json";
import { json, route } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/http/validate";

/** Resolve a build action into wallet actions (spec 4.5 step 2). */
export const POST = route<{ id: string }>(async ({ req, params }) => {
  const body = parseOrThrow(fetchBody, await readJson(req));
  return json(await fetchActions(await getDb(), params.id, body));
}, { rateLimit: "gateway_fetch" });
