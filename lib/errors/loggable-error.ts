import { postgresErrorOf } from "./postgres-error";

// Where the drivers keep the values a query was given (drizzle: params; postgres.js: parameters,
// args; PostgreSQL: detail "Key (email)=(…)", where "portal parameter $1 = '…'").
const VALUE_KEYS = new Set(["params", "parameters", "args", "detail", "where"]);

/**
 * An error (and its causes) as the log may keep it: a failed query's SQL text, never the values
 * bound to it. Those are what clients sent (emails, addresses, anything in a body), and drizzle
 * writes them into its message. A data exception's message quotes the value it could not take,
 * so only its SQLSTATE is kept.
 */
export function loggableError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 8) return err;
  const safe = Object.create(Object.getPrototypeOf(err)) as Record<string, unknown>;
  for (const [key, value] of Object.entries(err)) {
    if (!VALUE_KEYS.has(key) && key !== "cause") safe[key] = value;
  }
  const message = safeMessage(err);
  safe.message = message;
  safe.stack = err.stack?.replace(err.message, message);
  if (err.cause !== undefined) safe.cause = loggableError(err.cause, depth + 1);
  return safe;
}

function safeMessage(err: Error): string {
  const { query } = err as { query?: unknown };
  if (typeof query === "string" && "params" in err) return `Failed query: ${query}`;
  const pg = postgresErrorOf(err);
  const code = pg === err ? pg.code : undefined;
  if (code?.startsWith("22"))
    return `data exception (SQLSTATE ${code}); its message quotes a value, so it is not logged`;
  return err.message;
}
