/** What a PostgreSQL error carries (postgres.js and node-postgres alike): its SQLSTATE. */
export type PostgresError = Error & { code: string; severity: string };

/** The PostgreSQL error behind `err`, which drizzle wraps in `cause` (a DrizzleQueryError), if any. */
export function postgresErrorOf(err: unknown): PostgresError | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) {
    const { code, severity } = e as Partial<PostgresError>;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) && typeof severity === "string")
      return e as PostgresError;
  }
  return undefined;
}

/**
 * A data exception (SQLSTATE class 22) caused by a value the query was handed: text that is no
 * number or date, a number or date out of range, a character the encoding cannot hold, a string
 * too long for its column. Only a client's input gets there (what we compute ourselves is checked
 * before), so it is a bad request, not a failure of ours. Division by zero is ours alone: excluded.
 */
export function isDataException(err: unknown): boolean {
  const code = postgresErrorOf(err)?.code;
  return code !== undefined && code.startsWith("22") && code !== "22012";
}
