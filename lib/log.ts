import pino from "pino";
import { env } from "@/lib/env";
import { loggableError } from "@/lib/errors/loggable-error";

/**
 * The one structured logger. Request headers are never logged: they carry API keys. Nor are the
 * values bound to a failed query (loggableError): they are whatever a client sent.
 */
export const log = pino({
  level: env().LOG_LEVEL,
  base: undefined,
  redact: { paths: ["apiKey", "*.apiKey", "headers", "*.headers"], remove: true },
  serializers: { err: (err: unknown) => pino.stdSerializers.err(loggableError(err) as Error) },
});
