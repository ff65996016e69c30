import { readFileSync } from "node:fs";
import { percentile, type Window } from "./measure";

export type HandlerTimes = { handlerP50Ms: number; handlerP95Ms: number };

/**
 * Time spent inside the route handler (auth, lib/listings, the queries), from the `ms` of the app's
 * one log line per request, for the requests logged during each target's timed runs. What the
 * client saw minus this is Next.js routing, HTTP and waiting for the event loop.
 */
export function handlerTimes(logFile: string, windows: Window[]): Map<string, HandlerTimes> {
  const lines = readFileSync(logFile, "utf8").split("\n");
  const byTarget = new Map<string, number[]>();
  for (const line of lines) {
    if (!line.startsWith("{") || !line.includes('"msg":"request"')) continue;
    const entry = JSON.parse(line) as { time: number; ms: number; path: string };
    const w = windows.find((x) => entry.time >= x.from && entry.time <= x.to);
    if (!w) continue;
    const list = byTarget.get(w.target) ?? [];
    list.push(entry.ms);
    byTarget.set(w.target, list);
  }
  return new Map(
    [...byTarget].map(([target, ms]) => [
      target,
      { handlerP50Ms: percentile(ms, 50), handlerP95Ms: percentile(ms, 95) },
    ]),
  );
}
