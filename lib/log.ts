import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import { env } from "@/lib/env";
import { loggableError } from "@/lib/errors/loggable-error";
import { processWide } from "@/lib/process-wide";

type RequestContext = { reqId: string };

// On globalThis, not in a module variable: Next.js bundles each route and instrumentation.ts apart, each
// with its own copy of this module, and a line logged by one bundle's code must still see the request
// another bundle's route wrapper is serving.
const requests = processWide("request-context", () => new AsyncLocalStorage<RequestContext>());

/**
 * Run `fn` as part of request `reqId`: every line logged while it (and whatever it starts) runs carries
 * `reqId`, however deep in the domain the line is written.
 */
export function runWithRequestId<T>(reqId: string, fn: () => T): T {
  return requests.run({ reqId }, fn);
}

/** The fields the logger adds to each line: the request being served, if any. */
export function requestFields(): { reqId?: string } {
  const context = requests.getStore();
  return context ? { reqId: context.reqId } : {};
}

/**
 * The one structured logger. Request headers are never logged: they carry API keys. Nor are the
 * values bound to a failed query (loggableError): they are whatever a client sent.
 */
export const log = pino({
  level: env().LOG_LEVEL,
  base: undefined,
  mixin: requestFields,
  redact: { paths: ["apiKey", "*.apiKey", "headers", "*.headers"], remove: true },
  serializers: { err: (err: unknown) => pino.stdSerializers.err(loggableError(err) as Error) },
});
