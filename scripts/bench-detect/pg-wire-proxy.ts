import { connect, createServer, type Socket } from "node:net";

/** What the app sent of one statement text (whitespace collapsed), while counting was on. */
export type StatementFigures = { executions: number; rows: number; totalMs: number };

export type PgWireProxy = {
  /** A connection URL for the app: `databaseUrl` with the proxy's host and port. */
  url: string;
  /** Executions per statement text since the last reset: extended-protocol Execute and simple Query messages. */
  statements: Map<string, StatementFigures>;
  reset(): void;
  close(): Promise<void>;
};

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

/** A statement sent and not yet complete; `simple`: a Query message (it may hold several statements). */
type Pending = { text: string; startedAt: number; rows: number; simple: boolean };

/** Splits a byte stream into PostgreSQL messages: untyped start-up ones first, then `type + int32 length + body`. */
class MessageReader {
  private buf: Buffer = Buffer.alloc(0);
  constructor(private startup: boolean) {}

  *push(chunk: Buffer): Generator<{ type: string; body: Buffer; untyped?: number }> {
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    for (;;) {
      if (this.startup) {
        if (this.buf.length < 8) return;
        const length = this.buf.readInt32BE(0);
        if (this.buf.length < length) return;
        const code = this.buf.readInt32BE(4);
        this.buf = this.buf.subarray(length);
        // SSL and GSS requests are followed by another start-up message; anything else ends start-up.
        if (code !== SSL_REQUEST && code !== GSSENC_REQUEST) this.startup = false;
        yield { type: "", body: Buffer.alloc(0), untyped: code };
        continue;
      }
      if (this.buf.length < 5) return;
      const length = this.buf.readInt32BE(1);
      if (this.buf.length < length + 1) return;
      const type = String.fromCharCode(this.buf[0]!);
      const body = this.buf.subarray(5, length + 1);
      this.buf = this.buf.subarray(length + 1);
      yield { type, body };
    }
  }

  /** The server's one-byte answer to an SSL or GSS request ('N': go on in clear text). */
  skipByte(): void {
    this.buf = this.buf.subarray(1);
  }

  get pending(): number {
    return this.buf.length;
  }
}

const cstring = (body: Buffer, at: number): [string, number] => {
  const end = body.indexOf(0, at);
  return [body.toString("utf8", at, end), end + 1];
};
const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * A TCP pass-through in front of a PostgreSQL server that reads the wire protocol both ways and
 * counts every statement the app executes, by text: each Execute (extended protocol; postgres.js
 * parses a named statement once per connection and then only binds and executes it, so counting
 * Parse messages would miss repeats) and each simple Query. For each it also counts the data rows
 * the server sent back and the time from the request to its completion (CommandComplete, or
 * ReadyForQuery after an error), which includes waiting behind statements pipelined before it.
 * Bytes are forwarded untouched. No TLS: the app reaches it on loopback in clear text.
 */
export async function startPgWireProxy(databaseUrl: string): Promise<PgWireProxy> {
  const target = new URL(databaseUrl);
  const statements = new Map<string, StatementFigures>();
  const sockets = new Set<Socket>();

  const done = (entry: Pending) => {
    const figures = statements.get(entry.text) ?? { executions: 0, rows: 0, totalMs: 0 };
    figures.executions += 1;
    figures.rows += entry.rows;
    figures.totalMs += performance.now() - entry.startedAt;
    statements.set(entry.text, figures);
  };

  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());

    const fromClient = new MessageReader(true);
    const fromServer = new MessageReader(false);
    let sslAnswers = 0;
    const prepared = new Map<string, string>(); // statement name -> text
    const portals = new Map<string, string>(); // portal name -> text
    const queue: Pending[] = [];

    client.on("data", (chunk: Buffer) => {
      upstream.write(chunk);
      for (const m of fromClient.push(chunk)) {
        if (m.untyped === SSL_REQUEST || m.untyped === GSSENC_REQUEST) sslAnswers++;
        if (m.untyped === CANCEL_REQUEST) continue;
        if (m.type === "P") {
          const [name, at] = cstring(m.body, 0);
          prepared.set(name, squash(cstring(m.body, at)[0]));
        } else if (m.type === "B") {
          const [portal, at] = cstring(m.body, 0);
          portals.set(portal, prepared.get(cstring(m.body, at)[0]) ?? "(unknown statement)");
        } else if (m.type === "E") {
          const text = portals.get(cstring(m.body, 0)[0]) ?? "(unknown portal)";
          queue.push({ text, startedAt: performance.now(), rows: 0, simple: false });
        } else if (m.type === "Q") {
          queue.push({ text: squash(cstring(m.body, 0)[0]), startedAt: performance.now(), rows: 0, simple: true });
        }
      }
    });
    upstream.on("data", (chunk: Buffer) => {
      client.write(chunk);
      let data = chunk;
      // The answers to SSL/GSS requests are single bytes, outside the message framing.
      while (sslAnswers > 0 && data.length > 0 && fromServer.pending === 0) {
        sslAnswers--;
        data = data.subarray(1);
      }
      if (data.length === 0) return;
      for (const m of fromServer.push(data)) {
        const head = queue[0];
        if (m.type === "D" && head) head.rows++;
        // A simple Query may hold several statements: it ends at ReadyForQuery, as does an extended batch after an error.
        else if ((m.type === "C" || m.type === "I" || m.type === "s") && head && !head.simple) done(queue.shift()!);
        else if (m.type === "Z") while (queue.length > 0) done(queue.shift()!);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    statements,
    reset: () => statements.clear(),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
