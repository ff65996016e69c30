import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { dash, sessionCookieOf, signUpUser, uniqueClientIp, type DashboardUser } from "../support/dashboard";

// Two-factor sign-in with an authenticator app, against the real server: enrolment confirmed by a
// first code, then a right password earns only a challenge; a current code (never one used before) or
// an unused recovery code finishes the sign-in; tries are bounded per challenge and per user.

const now = () => Math.floor(Date.now() / 1000);
/** The code of the next 30-second step: newer than any code used so far, and within the tolerance. */
const nextCode = (secret: string) => generate({ secret, epoch: now() + 30 });

async function enrol(user: DashboardUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await dash("/dashboard/api/account/two-factor", { method: "POST", user });
  expect(started.status).toBe(200);
  const { secret, uri } = (await started.json()) as { secret: string; uri: string };
  expect(uri).toMatch(/^otpauth:\/\/totp\/.+\?secret=[A-Z2-7]+&issuer=/);
  const wrong = await dash("/dashboard/api/account/two-factor/confirm", {
    method: "POST",
    user,
    json: { code: "000000" },
  });
  expect(wrong.status).toBe(400);
  const confirmed = await dash("/dashboard/api/account/two-factor/confirm", {
    method: "POST",
    user,
    json: { code: await generate({ secret }) },
  });
  expect(confirmed.status).toBe(200);
  const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
  return { secret, recoveryCodes };
}

async function password(user: DashboardUser, ip = uniqueClientIp()) {
  const res = await dash("/dashboard/api/sign-in", {
    method: "POST",
    json: { email: user.email, password: user.password },
    headers: { "x-forwarded-for": ip },
  });
  return { res, body: (await res.json()) as { ok: boolean; secondFactor?: string; challenge?: string } };
}

const secondFactor = (challenge: string, code: string) =>
  dash("/dashboard/api/sign-in/second-factor", { method: "POST", json: { challenge, code } });

const sessionWorks = async (res: Response) => {
  const cookie = sessionCookieOf(res);
  if (!cookie) return false;
  return (await dash("/dashboard/api/session", { user: { cookie, csrfToken: "" } })).status === 200;
};

describe("two-factor sign-in", () => {
  it("after enrolment a right password gets a challenge, not a session; a current code signs in, and never twice", async () => {
    const user = await signUpUser();
    const { secret, recoveryCodes } = await enrol(user);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const first = await password(user);
    expect(first.res.status).toBe(200);
    expect(first.body).toMatchObject({ ok: false, secondFactor: "totp" });
    expect(sessionCookieOf(first.res)).toBeUndefined();

    const code = await nextCode(secret);
    const signedIn = await secondFactor(first.body.challenge!, code);
    expect(signedIn.status).toBe(200);
    expect(await sessionWorks(signedIn)).toBe(true);
    // The same challenge is spent, and the same code on a new challenge is a replay.
    expect((await secondFactor(first.body.challenge!, code)).status).toBe(409);
    const again = await password(user);
    expect((await secondFactor(again.body.challenge!, code)).status).toBe(401);
  });

  it("a recovery code signs in once; a wrong password still says only that", async () => {
    const user = await signUpUser();
    const { recoveryCodes } = await enrol(user);
    const a = await password(user);
    const res = await secondFactor(a.body.challenge!, recoveryCodes[3]!.toUpperCase());
    expect(res.status).toBe(200);
    expect(await sessionWorks(res)).toBe(true);
    const b = await password(user);
    expect((await secondFactor(b.body.challenge!, recoveryCodes[3]!)).status).toBe(401);
    expect((await secondFactor(b.body.challenge!, recoveryCodes[4]!.replace("-", ""))).status).toBe(200);

    const wrong = await dash("/dashboard/api/sign-in", {
      method: "POST",
      json: { email: user.email, password: "not the password at all" },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).not.toHaveProperty("challenge");
  });

  it("a challenge takes five tries and a user ten failures, then the codes are refused even when right", async () => {
    const user = await signUpUser();
    const { secret } = await enrol(user);
    const a = await password(user);
    for (let i = 0; i < 5; i++) expect((await secondFactor(a.body.challenge!, "123456")).status).toBe(401);
    expect((await secondFactor(a.body.challenge!, await nextCode(secret))).status).toBe(409);
    const b = await password(user);
    for (let i = 0; i < 5; i++) expect((await secondFactor(b.body.challenge!, "654321")).status).toBe(401);
    const c = await password(user);
    expect((await secondFactor(c.body.challenge!, await nextCode(secret))).status).toBe(429);
  });

  it("turning it off needs the password and a code; then the password alone signs in", async () => {
    const user = await signUpUser();
    const { secret } = await enrol(user);
    const noCode = await dash("/dashboard/api/account/two-factor/disable", {
      method: "POST",
      user,
      json: { password: user.password, code: "000000" },
    });
    expect(noCode.status).toBe(401);
    const noPassword = await dash("/dashboard/api/account/two-factor/disable", {
      method: "POST",
      user,
      json: { password: "wrong wrong wrong", code: await nextCode(secret) },
    });
    expect(noPassword.status).toBe(401);
    const off = await dash("/dashboard/api/account/two-factor/disable", {
      method: "POST",
      user,
      json: { password: user.password, code: await nextCode(secret) },
    });
    expect(off.status).toBe(200);
    const signIn = await password(user);
    expect(signIn.body.ok).toBe(true);
    expect(await sessionWorks(signIn.res)).toBe(true);
  });
});
