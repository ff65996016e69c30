import { realpathSync } from "node:fs";
import pg from "pg";

export const EMBEDDED_USER = "postgres";

/** The app must not use the server on the embedded port: no retry will change that, so the app stops. */
export class EmbeddedServerRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EmbeddedServerRefusedError";
  }
}

/** The server on `port` is not the one of `dataDir`: `why` says how it gave itself away. */
export function notOurServer(port: number, dataDir: string, why: string): EmbeddedServerRefusedError {
  return new EmbeddedServerRefusedError(
    `The PostgreSQL answering on 127.0.0.1:${port} is not the embedded server of ${dataDir}: it ${why}. ` +
      `Stop whatever listens on that port, or give the app another EMBEDDED_PG_PORT (or a DATABASE_URL).`,
  );
}

/** The server refused our password (SQLSTATE 28P01): which one it is, only its data directory can tell. */
export class WrongPasswordError extends Error {
  constructor(port: number) {
    super(`PostgreSQL on 127.0.0.1:${port} refused the embedded server's password`);
    this.name = "WrongPasswordError";
  }
}

/**
 * Proves that the server on `port` is the one whose data is in `dataDir` before the app trusts it:
 * it must log us in by SCRAM and prove, in SCRAM's last message, that it holds our password's verifier
 * (so a server that lets anyone in is refused), and report `dataDir` as its data directory. A server
 * that asks for the password in clear text (or MD5) is cut off before the password is sent.
 */
export async function verifyEmbeddedServer(dataDir: string, port: number, password: string): Promise<void> {
  const client = new pg.Client({
    host: "127.0.0.1",
    port,
    user: EMBEDDED_USER,
    password,
    database: "postgres",
    connectionTimeoutMillis: 5000,
  });
  let refusal: string | undefined;
  let proved = false;
  // Our listeners run before the client's own (added at connect), so the socket is gone before it could answer.
  const refuse = (why: string) => {
    refusal ??= why;
    client.connection.stream.destroy();
  };
  client.connection.on("authenticationCleartextPassword", () => refuse("asked for the password in clear text"));
  client.connection.on("authenticationMD5Password", () => refuse("asked for an MD5 password hash"));
  // The client checks the server's signature in this message and fails the connection if it is wrong.
  client.connection.on("authenticationSASLFinal", () => (proved = true));
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (err) {
    if (refusal) throw notOurServer(port, dataDir, refusal);
    if ((err as { code?: string }).code === "28P01") throw new WrongPasswordError(port);
    throw notOurServer(port, dataDir, `did not log us in (${(err as Error).message})`);
  }
  try {
    if (refusal) throw notOurServer(port, dataDir, refusal);
    if (!proved) throw notOurServer(port, dataDir, "let us in without proving it knows our password");
    const { rows } = await client.query<{ data_directory: string }>("show data_directory");
    const reported = rows[0]?.data_directory ?? "";
    if (!sameDirectory(reported, dataDir))
      throw notOurServer(port, dataDir, `serves the data directory ${reported || "(none)"}`);
  } finally {
    await client.end().catch(() => {});
  }
}

function sameDirectory(a: string, b: string): boolean {
  const real = (dir: string) => {
    try {
      return realpathSync(dir);
    } catch {
      return dir;
    }
  };
  return a !== "" && real(a) === real(b);
}
