import { describe, expect, it } from "vitest";
import { dash, signUpUser, type DashboardUser } from "../support/dashboard";
import { testDb } from "../support/db";
import { cli } from "../support/run-cli";

// The operator manages dashboard users from the CLI: a departed employee is disabled (every session
// ends at once, sign-in refused), sessions are listed and revoked, a forgotten password is reset by a
// single-use link that expires. Played against the real server's sessions and database.

const sessionStatus = async (user: Pick<DashboardUser, "cookie" | "csrfToken">) =>
  (await dash("/dashboard/api/session", { user })).status;

const signIn = async (email: string, password: string) =>
  (await dash("/dashboard/api/sign-in", { method: "POST", json: { email, password } })).status;

const tokenOf = (url: string) => new URLSearchParams(new URL(url).hash.slice(1)).get("token")!;

describe("operator CLI: users", () => {
  it("disable ends the user's sessions at once and refuses their sign-in; enable lets them sign in again", async () => {
    const user = await signUpUser();
    expect(await sessionStatus(user)).toBe(200);

    const disabled = await cli(["user", "disable", user.email]);
    expect(disabled.code).toBe(0);
    expect(disabled.stdout).toContain("disabled");
    expect(await sessionStatus(user)).toBe(401);
    // The right password gets the answer of a wrong one.
    const refused = await dash("/dashboard/api/sign-in", {
      method: "POST",
      json: { email: user.email, password: user.password },
    });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe("invalid_credentials");

    const listed = JSON.parse((await cli(["user", "list", user.merchantId, "--json"])).stdout) as {
      email: string;
      disabledAt: string | null;
      sessions: number;
    }[];
    expect(listed).toEqual([expect.objectContaining({ email: user.email, sessions: 0 })]);
    expect(listed[0]!.disabledAt).not.toBeNull();

    expect((await cli(["user", "enable", user.email])).code).toBe(0);
    expect(await signIn(user.email, user.password)).toBe(200);
  });

  it("a session that outlived the delete at disable is refused all the same", async () => {
    const user = await signUpUser();
    await testDb().sql`update users set disabled_at = now() where email = ${user.email}`;
    expect(await sessionStatus(user)).toBe(401);
  });

  it("sessions lists the live sessions; --revoke ends them all", async () => {
    const user = await signUpUser();
    expect(await signIn(user.email, user.password)).toBe(200);
    const sessions = JSON.parse((await cli(["user", "sessions", user.email, "--json"])).stdout) as unknown[];
    expect(sessions).toHaveLength(2);
    const revoked = await cli(["user", "sessions", user.email, "--revoke", "--json"]);
    expect(JSON.parse(revoked.stdout)).toMatchObject({ revoked: 2 });
    expect(await sessionStatus(user)).toBe(401);
    expect((await cli(["user", "sessions", user.email])).stdout).toContain("no live session");
  });

  it("reset-password prints a single-use link: it sets the password, signs every session out, and works once", async () => {
    const user = await signUpUser();
    const out = await cli(["user", "reset-password", user.email, "--json"]);
    expect(out.code).toBe(0);
    const { url } = JSON.parse(out.stdout) as { url: string };
    expect(new URL(url).pathname).toBe("/dashboard/reset-password");
    expect(new URL(url).search).toBe("");

    const page = await dash("/dashboard/reset-password");
    expect(page.status).toBe(200);
    const reset = (password: string, token = tokenOf(url)) =>
      dash("/dashboard/api/reset-password", { method: "POST", json: { token, password } });

    // Too short a password spends nothing.
    expect((await reset("short")).status).toBe(400);
    expect((await reset("a brand new passphrase")).status).toBe(200);
    expect(await sessionStatus(user)).toBe(401);
    expect(await signIn(user.email, user.password)).toBe(401);
    expect(await signIn(user.email, "a brand new passphrase")).toBe(200);

    const again = await reset("yet another passphrase");
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toContain("expired or was already used");
    expect((await reset("yet another passphrase", "x".repeat(43))).status).toBe(409);
    expect((await reset("yet another passphrase", "not a token")).status).toBe(400);
  });

  it("a reset link past its hour is refused", async () => {
    const user = await signUpUser();
    const { url } = JSON.parse((await cli(["user", "reset-password", user.email, "--json"])).stdout) as { url: string };
    await testDb().sql`update password_resets set expires_at = now() - interval '1 second'
      where user_id = (select id from users where email = ${user.email})`;
    const res = await dash("/dashboard/api/reset-password", {
      method: "POST",
      json: { token: tokenOf(url), password: "a brand new passphrase" },
    });
    expect(res.status).toBe(409);
    expect(await signIn(user.email, user.password)).toBe(200);
  });

  it("delete removes the user and their sessions; an unknown user is a usage error", async () => {
    const user = await signUpUser();
    expect((await cli(["user", "delete", user.email])).code).toBe(0);
    expect(await sessionStatus(user)).toBe(401);
    expect(await signIn(user.email, user.password)).toBe(401);
    const unknown = await cli(["user", "disable", "nobody@nowhere.example"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("no user nobody@nowhere.example");
  });
});
