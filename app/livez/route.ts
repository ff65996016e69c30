import { json, route } from "@/lib/http/route";

/** Liveness: the process serves requests. Touches nothing else (also the framework's floor in bench:api). */
export const GET = route(async () => json({ status: "ok" }));
