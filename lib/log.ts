import pino from "pino";
import { env } from "@/lib/env";

/** The one structured logger. Request headers are never logged: they carry API keys. */
export const log = pino({
  level: env().LOG_LEVEL,
  base: undefined,
  redact: { paths: ["apiKey", "*.apiKey", "headers", "*.headers"], remove: true },
});
