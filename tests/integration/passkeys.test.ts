import { generate } from "otplib";
import { describe, expect, inject, it } from "vitest";
import { dash, sessionCookieOf, signUpUser, uniqueClientIp, type DashboardUser } from "../support/dashboard";
import { testDb } from "../support/db";
import { SoftwarePasskey, type AuthenticationOptions } from "../support/software-authenticator";

// Passkeys against the real server, answered by a software authenticator (tests/support): real ES256
// signatures over real authenticator and client data, verified by the server. A passkey is made from
// a session, signs in alone (two factors in one), or answers a password sign-in's two-factor
// challenge; every challenge is single use, short-lived and bound to what asked for it.

/** Where passkeys live for a server on 127.0.0.1:<port>: the same port on localhost (an IP address is no RP ID). */
async function baseOrigin(): Promise<string> {
  const options = await signInOptions();
  expect(options.rpId).toBe("localhost");
  return `http://localhost:${new URL(inject("baseUrl")).port}`;
}

async function register(user: DashboardUser, name = "Laptop", passkey?: SoftwarePasskey) {
  const key = passkey ?? new SoftwarePasskey(await baseOrigin());
  const started = await dash("/dashboard/api/account/passkeys/options", { method: "POST", user });
  expect(started.status).toBe(200);
  const options = await started.json();
  expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
  const res = await dash("/dashboard/api/account/passkeys", {
    method: "POST",
    user,
    json: { name, response: key.create(options) },
  });
  return { key, res };
}

async function signInOptions(ip = uniqueClientIp()): Promise<AuthenticationOptions> {
  const res = await dash("/dashboard/api/sign-in/passkey/options", {
    method: "POST",
    headers: { "x-forwarded-for": ip },
  });
  expect(res.status).toBe(200);
  return res.json();
}

const signInWith = (response: unknown, ip = uniqueClientIp()) =>
  dash("/dashboard/api/sign-in/passkey", { method: "POST", json: { response }, headers: { "x-forwarded-for": ip } });

const sessionWorks = async (res: Response) => {
  const cookie = sessionCookieOf(res);
  if (!cookie) return false;
  return (await dash("/dashboard/api/session", { user: { cookie, csrfToken: "" } })).status === 200;
};

describe("passkeys", () => {
  it("a passkey made on the account signs in with no email or password, once per challenge", async () => {
    const user = await signUpUser();
    const { key, res } = await register(user);
    expect(res.status).toBe(201);
    const listed = await (await dash("/dashboard/api/account/passkeys", { user })).json();
    expect(listed.data).toEqual([expect.objectContaining({ name: "Laptop" })]);

    const options = await signInOptions();
    expect(options).not.toHaveProperty("allowCredentials.0");
    const answer = key.get(options);
    const signedIn = await signInWith(answer);
    expect(signedIn.status).toBe(200);
    expect(await sessionWorks(signedIn)).toBe(true);
    // The very same answer again: its challenge is spent.
    expect((await signInWith(answer)).status).toBe(409);
    // A fresh challenge signed by a clone whose counter did not go up.
    expect((await signInWith(key.get(await signInOptions(), { counter: key.counter }))).status).toBe(401);
    // Signed on another site (a phishing page relaying our challenge).
    expect((await signInWith(key.get(await signInOptions(), { origin: "http://localhost.evil.example" }))).status).toBe(
      401,
    );
    // The passkey still works for its owner afterwards, with its counter going up.
    expect((await signInWith(key.get(await signInOptions()))).status).toBe(200);
    const [row] = await testDb().sql`select counter from passkeys where credential_id = ${key.id}`;
    expect(Number(row!.counter)).toBe(key.counter);
  });

  it("an expired challenge, or one handed out for something else, is refused", async () => {
    const user = await signUpUser();
    const other = await signUpUser();
    const { key } = await register(user);

    const options = await signInOptions();
    await testDb()
      .sql`update passkey_challenges set expires_at = now() - interval '1 second' where challenge = ${options.challenge}`;
    expect((await signInWith(key.get(options))).status).toBe(409);

    // A registration challenge of this session is no sign-in challenge.
    const registration = await (await dash("/dashboard/api/account/passkeys/options", { method: "POST", user })).json();
    expect((await signInWith(key.get({ challenge: registration.challenge }))).status).toBe(409);
    // ... and another user's session cannot spend it to register a passkey on theirs.
    const stranger = new SoftwarePasskey(key.origin);
    const stolen = await dash("/dashboard/api/account/passkeys", {
      method: "POST",
      user: other,
      json: { name: "Stolen", response: stranger.create(registration) },
    });
    expect(stolen.status).toBe(409);
    // Asking again replaces the session's earlier challenge: a loop of asks keeps one row.
    const first = await (await dash("/dashboard/api/account/passkeys/options", { method: "POST", user })).json();
    const latest = await (await dash("/dashboard/api/account/passkeys/options", { method: "POST", user })).json();
    const late = new SoftwarePasskey(key.origin);
    const replaced = await dash("/dashboard/api/account/passkeys", {
      method: "POST",
      user,
      json: { name: "Late", response: late.create(first) },
    });
    expect(replaced.status).toBe(409);
    const kept = await dash("/dashboard/api/account/passkeys", {
      method: "POST",
      user,
      json: { name: "Late", response: late.create(latest) },
    });
    expect(kept.status).toBe(201);
    // The same credential registered twice (here by another account) is refused.
    const again = await register(other, "Copy", key);
    expect(again.res.status).toBe(409);
  });

  it("a removed passkey, or a disabled user's, signs in no more", async () => {
    const user = await signUpUser();
    const { key } = await register(user);
    const [{ id }] = (await (await dash("/dashboard/api/account/passkeys", { user })).json()).data;
    const renamed = await dash(`/dashboard/api/account/passkeys/${id}`, {
      method: "PATCH",
      user,
      json: { name: "Old" },
    });
    expect(await renamed.json()).toMatchObject({ id, name: "Old" });
    const wrong = await dash(`/dashboard/api/account/passkeys/${id}`, {
      method: "DELETE",
      user,
      json: { password: "not my password at all" },
    });
    expect(wrong.status).toBe(401);
    expect((await signInWith(key.get(await signInOptions()))).status).toBe(200);
    const removed = await dash(`/dashboard/api/account/passkeys/${id}`, {
      method: "DELETE",
      user,
      json: { password: user.password },
    });
    expect(removed.status).toBe(200);
    expect((await signInWith(key.get(await signInOptions()))).status).toBe(401);

    const second = await signUpUser();
    const { key: theirs } = await register(second);
    expect((await signInWith(theirs.get(await signInOptions()))).status).toBe(200);
    await testDb().sql`update users set disabled_at = now() where email = ${second.email}`;
    expect((await signInWith(theirs.get(await signInOptions()))).status).toBe(401);
  });

  it("with two-factor sign-in on, a passkey answers the password's challenge instead of a code", async () => {
    const user = await signUpUser();
    const { key } = await register(user);
    const started = await (await dash("/dashboard/api/account/two-factor", { method: "POST", user })).json();
    const confirmed = await dash("/dashboard/api/account/two-factor/confirm", {
      method: "POST",
      user,
      json: { code: await generate({ secret: started.secret }) },
    });
    expect(confirmed.status).toBe(200);

    const password = async () => {
      const res = await dash("/dashboard/api/sign-in", {
        method: "POST",
        json: { email: user.email, password: user.password },
      });
      return (await res.json()) as { ok: boolean; challenge: string; passkey: boolean };
    };
    const first = await password();
    expect(first).toMatchObject({ ok: false, passkey: true });
    const optionsFor = async (challenge: string) => {
      const res = await dash("/dashboard/api/sign-in/passkey/second-factor/options", {
        method: "POST",
        json: { challenge },
      });
      expect(res.status).toBe(200);
      return (await res.json()) as AuthenticationOptions & { allowCredentials: { id: string }[] };
    };
    const answerWith = (challenge: string, response: unknown) =>
      dash("/dashboard/api/sign-in/passkey/second-factor", { method: "POST", json: { challenge, response } });

    const options = await optionsFor(first.challenge);
    expect(options.allowCredentials.map((c) => c.id)).toEqual([key.id]);
    // Bound to its sign-in: another sign-in's challenge cannot spend it.
    const second = await password();
    expect((await answerWith(second.challenge, key.get(options))).status).toBe(409);
    // Another account's passkey is no answer either.
    const stranger = await signUpUser();
    const { key: theirs } = await register(stranger);
    expect((await answerWith(first.challenge, theirs.get(await optionsFor(first.challenge)))).status).toBe(401);

    const done = await answerWith(first.challenge, key.get(await optionsFor(first.challenge)));
    expect(done.status).toBe(200);
    expect(await sessionWorks(done)).toBe(true);
    // The sign-in challenge is spent with it.
    const res = await dash("/dashboard/api/sign-in/passkey/second-factor/options", {
      method: "POST",
      json: { challenge: first.challenge },
    });
    expect(res.status).toBe(409);
    // A passkey alone still signs in: no code asked of a verified passkey.
    expect((await signInWith(key.get(await signInOptions()))).status).toBe(200);
  });
});
