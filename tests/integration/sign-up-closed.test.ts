import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueClientIp } from "../support/client-ip";
import { scratchDatabaseUrl } from "../support/scratch-database";
import { startServer, type RunningServer } from "../support/server";

describe("sign-up on a server with the default setting (closed)", () => {
  let server: RunningServer;
  let sql: postgres.Sql;
  beforeAll(async () => {
    // Its own database, so "nothing created" is not muddied by the other tests' sign-ups.
    const url = await scratchDatabaseUrl("payments_sign_up_closed");
    // SIGN_UP unset, whatever this process's environment holds: the default is what is tested.
    server = await startServer(
      { DATABASE_URL: url, EXPIRY_JOB_INTERVAL_MS: "0", SIGN_UP: undefined },
      "sign-up-closed",
    );
    sql = postgres(url, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await sql?.end({ timeout: 5 });
    await server?.stop();
  });

  it("the API answers 403 sign_up_closed and creates no merchant or user", async () => {
    const email = `closed-${Date.now()}@shop.example`;
    const [before] =
      await sql`select (select count(*) from merchants)::int as merchants, (select count(*) from users)::int as users`;
    const res = await fetch(`${server.url}/dashboard/api/sign-up`, {
      method: "POST",
      headers: { origin: server.url, "content-type": "application/json", "x-forwarded-for": uniqueClientIp() },
      body: JSON.stringify({ businessName: "Uninvited", email, password: "a long passphrase" }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "sign_up_closed", message: expect.stringMatching(/operator/) });
    expect(res.headers.getSetCookie().join()).not.toMatch(/dash_session=/);
    const [after] =
      await sql`select (select count(*) from merchants)::int as merchants, (select count(*) from users)::int as users`;
    expect(after).toEqual(before);
    expect(await sql`select 1 from users where email = ${email}`).toHaveLength(0);
  });

  it("the page says sign-up is closed and how the operator makes an account, with no form", async () => {
    const res = await fetch(`${server.url}/dashboard/sign-up`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Sign-up is closed");
    expect(html).toContain("cli -- merchant create");
    expect(html).toContain("cli -- user create");
    expect(html).not.toMatch(/<form|type="password"/);
    // Sign-in points newcomers to that explanation rather than to a form that would refuse them.
    expect(await (await fetch(`${server.url}/dashboard/sign-in`)).text()).toContain("How to get an account");
  });
});
