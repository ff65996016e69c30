import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ROOT, TEST_ENV } from "../support/server";
import { testDb } from "../support/db";
import { dash, sessionCookieOf, signUpUser, uniqueClientIp, uniqueEmail } from "../support/dashboard";
import { CLI_BUNDLE } from "../support/run-cli";

const run = promisify(execFile);

describe("dashboard accounts", () => {
  it("sign up creates a merchant and its user, and answers a server-side session in an httpOnly SameSite cookie", async () => {
    const email = uniqueEmail("signup");
    const res = await dash("/dashboard/api/sign-up", {
      method: "POST",
      json: { businessName: "Paper & Ink", email: email.toUpperCase(), password: "a long passphrase" },
    });
    expect(res.status).toBe(201);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("dash_session="))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\/dashboard/);
    // Plain HTTP on loopback (this test server): Secure would make the browser drop the cookie.
    expect(setCookie).not.toMatch(/Secure/);
    const cookie = sessionCookieOf(res)!;
    const session = await (await dash("/dashboard/api/session", { headers: { cookie } })).json();
    expect(session.user.email).toBe(email.toLowerCase());
    expect(session.merchant.name).toBe("Paper & Ink");
    expect(session.merchant.id).toMatch(/^mer_/);

    const overview = await dash("/dashboard", { headers: { cookie } });
    expect(overview.status).toBe(200);
    expect(await overview.text()).toContain("Paper &amp; Ink");
  });

  it("signed-out visitors are sent to sign in, and dashboard routes answer 401", async () => {
    for (const path of ["/dashboard", "/dashboard/payments", "/dashboard/keys", "/dashboard/settings"]) {
      const res = await dash(path);
      expect(res.status).toBe(307);
      expect(res.headers.get("location")).toMatch(/\/dashboard\/sign-in$/);
    }
    const api = await dash("/dashboard/api/session", {
      headers: { cookie: "dash_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" },
    });
    expect(api.status).toBe(401);
    expect((await api.json()).code).toBe("not_signed_in");
  });

  it("refuses a taken email and a short password, naming the field", async () => {
    const user = await signUpUser();
    const taken = await dash("/dashboard/api/sign-up", {
      method: "POST",
      json: { businessName: "Copycat", email: user.email, password: "another long one" },
    });
    expect(taken.status).toBe(409);
    expect((await taken.json()).code).toBe("email_taken");
    const short = await dash("/dashboard/api/sign-up", {
      method: "POST",
      json: { businessName: "Short", email: uniqueEmail(), password: "short" },
    });
    expect(short.status).toBe(400);
    expect((await short.json()).issues).toEqual([expect.objectContaining({ field: "password" })]);
  });

  it("signs in with the right password only, and sign out ends the session on the server", async () => {
    const user = await signUpUser();
    const wrong = await dash("/dashboard/api/sign-in", {
      method: "POST",
      json: { email: user.email, password: "not the password" },
    });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).code).toBe("invalid_credentials");
    const unknown = await dash("/dashboard/api/sign-in", {
      method: "POST",
      json: { email: uniqueEmail("nobody"), password: "whatever it is" },
    });
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).code).toBe("invalid_credentials");

    const res = await dash("/dashboard/api/sign-in", {
      method: "POST",
      json: { email: user.email.toUpperCase(), password: user.password },
    });
    expect(res.status).toBe(200);
    const cookie = sessionCookieOf(res)!;
    const session = await (await dash("/dashboard/api/session", { headers: { cookie } })).json();
    expect(session.merchant.id).toBe(user.merchantId);

    const out = await dash("/dashboard/api/sign-out", {
      method: "POST",
      user: { cookie, csrfToken: session.csrfToken },
    });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join()).toMatch(/dash_session=;.*Max-Age=0/);
    // The old cookie is worthless now, even if someone kept a copy.
    expect((await dash("/dashboard/api/session", { headers: { cookie } })).status).toBe(401);
    // The other session (from sign-up) is untouched.
    expect((await dash("/dashboard/api/session", { headers: { cookie: user.cookie } })).status).toBe(200);
  });

  it("a session unused for SESSION_IDLE_MINUTES (120) has ended; one in use stays, each use keeping it alive", async () => {
    const idle = await signUpUser();
    const inUse = await signUpUser();
    const lastSeen = async (user: typeof idle) =>
      (
        await testDb().sql<{ idle_s: number }[]>`
          select extract(epoch from now() - s.last_seen_at)::float as idle_s
          from sessions s join users u on u.id = s.user_id where u.email = ${user.email}`
      )[0]!.idle_s;
    // The database stands in for the clock: one left 121 minutes ago, the other 119.
    await testDb().sql`update sessions set last_seen_at = now() - interval '121 minutes'
      where user_id = (select id from users where email = ${idle.email})`;
    await testDb().sql`update sessions set last_seen_at = now() - interval '119 minutes'
      where user_id = (select id from users where email = ${inUse.email})`;

    expect((await dash("/dashboard/api/session", { headers: { cookie: idle.cookie } })).status).toBe(401);
    expect(
      (await dash("/dashboard/api/keys", { method: "POST", user: idle, json: { name: "after idle" } })).status,
    ).toBe(401);
    expect((await dash("/dashboard/api/session", { headers: { cookie: inUse.cookie } })).status).toBe(200);
    expect(await lastSeen(inUse)).toBeLessThan(60);
    // Signing in again starts a fresh session for the idle user.
    const again = await dash("/dashboard/api/sign-in", {
      method: "POST",
      json: { email: idle.email, password: idle.password },
    });
    expect(again.status).toBe(200);
    expect((await dash("/dashboard/api/session", { headers: { cookie: sessionCookieOf(again)! } })).status).toBe(200);
  });

  it("a stranger's failed sign-ins for an email slow the stranger down (429 after 5), never the owner signing in from elsewhere", async () => {
    const user = await signUpUser();
    const stranger = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const from = (ip: string, password: string) =>
      dash("/dashboard/api/sign-in", {
        method: "POST",
        headers: { "x-forwarded-for": ip },
        json: { email: user.email, password },
      });
    for (let i = 0; i < 5; i++) expect((await from(stranger, `guess number ${i}`)).status).toBe(401);
    // From the stranger's network even the right password is refused now: guessing stops there.
    const blocked = await from(stranger, user.password);
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).code).toBe("rate_limited");
    const wait = Number(blocked.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(900);
    expect(sessionCookieOf(blocked)).toBeUndefined();
    // The owner, from anywhere else, signs in as usual.
    const owner = await from(uniqueClientIp(), user.password);
    expect(owner.status).toBe(200);
    expect(sessionCookieOf(owner)).toBeDefined();
    // And the stranger's network is not barred from other accounts by guessing this one.
    const other = await signUpUser();
    const ok = await dash("/dashboard/api/sign-in", {
      method: "POST",
      headers: { "x-forwarded-for": stranger },
      json: { email: other.email, password: other.password },
    });
    expect(ok.status).toBe(200);
  });

  it("concurrent wrong passwords for one email from one network: at most 5 are checked, the rest refused; the owner still gets in", async () => {
    const user = await signUpUser();
    const network = uniqueClientIp();
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        dash("/dashboard/api/sign-in", {
          method: "POST",
          headers: { "x-forwarded-for": network },
          json: { email: user.email, password: `parallel guess ${i}` },
        }),
      ),
    );
    const statuses = guesses.map((r) => r.status);
    // 503: no hash slot free (another test's hashes may hold them); such an attempt is given back.
    expect(statuses.every((s) => s === 401 || s === 429 || s === 503)).toBe(true);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    // The rest refused: by the limit (429), or, under load, for want of a hash slot (503, given back).
    expect(statuses.filter((s) => s === 429 || s === 503).length).toBeGreaterThanOrEqual(7);
    const right = await dash("/dashboard/api/sign-in", {
      method: "POST",
      headers: { "x-forwarded-for": network },
      json: { email: user.email, password: user.password },
    });
    expect(right.status).toBe(429);
    expect(sessionCookieOf(right)).toBeUndefined();
    const elsewhere = await dash("/dashboard/api/sign-in", {
      method: "POST",
      json: { email: user.email, password: user.password },
    });
    expect(elsewhere.status).toBe(200);
  });

  it("a password hashed with the earlier scrypt cost still signs in, and its hash is upgraded on the way", async () => {
    const user = await signUpUser({ password: "correct horse battery" });
    const { sql } = testDb();
    // What the previous hashPassword (N=2^15) stored for this password.
    const old = "scrypt$32768$8$1$1ZWO28IY32COFYlLZjsm5w$_ykclsxxQH_zoQPHEE_wNuoVnTBp393GbvHyeF0_MJQ";
    await sql`update users set password_hash = ${old} where email = ${user.email}`;
    expect(
      (
        await dash("/dashboard/api/sign-in", {
          method: "POST",
          json: { email: user.email, password: "correct horse battery" },
        })
      ).status,
    ).toBe(200);
    const [row] = await sql`select password_hash from users where email = ${user.email}`;
    expect(row!.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(
      (
        await dash("/dashboard/api/sign-in", {
          method: "POST",
          json: { email: user.email, password: "correct horse battery" },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await dash("/dashboard/api/sign-in", {
          method: "POST",
          json: { email: user.email, password: "wrong horse battery" },
        })
      ).status,
    ).toBe(401);
  });

  it("rate-limits sign-ups per client address: beyond 10 attempts within the hour, 429 and nothing created", async () => {
    const ip = uniqueClientIp();
    const signUp = (email: string, password = "a long passphrase", from = ip) =>
      dash("/dashboard/api/sign-up", {
        method: "POST",
        headers: { "x-forwarded-for": from },
        json: { businessName: "Busy Bee", email, password },
      });
    // Ten attempts in two bursts of five (as many hashes as the slots take at once: one running, four
    // waiting), one of them for a taken email: each is answered, and each counts, the failed one too.
    const taken = await signUpUser();
    const first = await Promise.all([
      ...Array.from({ length: 4 }, () => signUp(uniqueEmail("limit"))),
      signUp(taken.email),
    ]);
    const second = await Promise.all(Array.from({ length: 5 }, () => signUp(uniqueEmail("limit"))));
    const statuses = [...first, ...second].map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(9);
    expect(statuses.filter((s) => s === 409)).toHaveLength(1);
    // Two more at once: both refused, however they interleave.
    const over = await Promise.all([signUp(uniqueEmail("over")), signUp(uniqueEmail("over"))]);
    expect(over.map((r) => r.status)).toEqual([429, 429]);

    const email = uniqueEmail("over");
    const blocked = await signUp(email);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({ code: "rate_limited", message: expect.stringMatching(/try again/) });
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(Number(blocked.headers.get("retry-after"))).toBeLessThanOrEqual(3600);
    expect(sessionCookieOf(blocked)).toBeUndefined();
    const { sql } = testDb();
    expect(await sql`select 1 from users where email = ${email}`).toHaveLength(0);
    // A malformed body is still told what is wrong first.
    expect((await signUp(uniqueEmail(), "short")).status).toBe(400);
    // Another address signs up as usual, with the same email the blocked attempt wanted.
    expect((await signUp(email, "a long passphrase", uniqueClientIp())).status).toBe(201);
  });

  it("refuses mutations without our Origin or without the session's CSRF token, and changes nothing", async () => {
    const user = await signUpUser();
    const attempts = [
      dash("/dashboard/api/keys", { method: "POST", user, json: { name: "evil" }, origin: "https://evil.example" }),
      dash("/dashboard/api/keys", { method: "POST", user, json: { name: "evil" }, origin: null }),
      dash("/dashboard/api/keys", {
        method: "POST",
        user: { ...user, csrfToken: "wrong-token" },
        json: { name: "evil" },
      }),
      dash("/dashboard/api/keys", { method: "POST", headers: { cookie: user.cookie }, json: { name: "evil" } }),
      dash("/dashboard/api/settings", { method: "PUT", user: { ...user, csrfToken: "" }, json: { name: "Hijacked" } }),
      dash("/dashboard/api/sign-out", { method: "POST", headers: { cookie: user.cookie } }),
      dash("/dashboard/api/sign-in", {
        method: "POST",
        json: { email: user.email, password: user.password },
        origin: "https://evil.example",
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe("csrf_failed");
    }
    const keys = await dash("/dashboard/keys", { headers: { cookie: user.cookie } });
    expect(await keys.text()).not.toContain("evil");
    expect((await dash("/dashboard/api/session", { headers: { cookie: user.cookie } })).status).toBe(200);
  });

  it("the operator CLI creates a user for an existing merchant, who can then sign in", async () => {
    const owner = await signUpUser();
    const email = uniqueEmail("cli");
    const child = run(
      process.execPath,
      [CLI_BUNDLE, "user", "create", owner.merchantId, "--email", email, "--password-stdin", "--json"],
      {
        cwd: ROOT,
        env: { ...process.env, ...TEST_ENV } as NodeJS.ProcessEnv,
      },
    );
    child.child.stdin!.end("a teammate's passphrase\n");
    const { stdout } = await child;
    expect(JSON.parse(stdout)).toMatchObject({
      userId: expect.stringMatching(/^usr_/),
      merchantId: owner.merchantId,
      email,
    });
    const res = await dash("/dashboard/api/sign-in", {
      method: "POST",
      json: { email, password: "a teammate's passphrase" },
    });
    expect(res.status).toBe(200);
    const session = await (await dash("/dashboard/api/session", { headers: { cookie: sessionCookieOf(res)! } })).json();
    expect(session.merchant.id).toBe(owner.merchantId);
  });
});
