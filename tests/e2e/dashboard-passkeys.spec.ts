import type { CDPSession, Page } from "@playwright/test";
import { generate } from "otplib";
import { expectAccessible } from "../support/e2e/axe";
import { signUpInBrowser, uniqueEmail } from "../support/e2e/dashboard-steps";
import { expect, test } from "../support/e2e/fixtures";

// Passkeys in Chromium with its virtual authenticator (CDP WebAuthn: a platform authenticator that
// keeps discoverable credentials and verifies its user): a merchant adds a passkey on the Account
// page, signs out, and signs in with it alone; and, with two-factor sign-in on, answers the password's
// challenge with the passkey instead of a code. The test server listens on 127.0.0.1, and browsers
// refuse an IP address as a passkey's RP ID, so the pages are opened at localhost on the same port.

const password = "a long enough passphrase";

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function addPasskey(page: Page, site: string, name: string) {
  await page.goto(`${site}/dashboard/account`);
  await page.getByLabel("Passkey name").fill(name);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByTestId("passkeys-list")).toContainText(name, { timeout: 30_000 });
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out", exact: true }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/sign-in/, { timeout: 30_000 });
}

test("add a passkey on the Account page, sign out, and sign in with it alone", async ({ page, baseUrl }) => {
  test.setTimeout(120_000);
  const site = baseUrl.replace("127.0.0.1", "localhost");
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await signUpInBrowser(page, { baseUrl: site, businessName: "Passkey Shop", email: uniqueEmail("passkey"), password });

  await addPasskey(page, site, "Work laptop");
  await expectAccessible(page);
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  expect(credentials[0]!.rpId).toBe("localhost");

  await signOut(page);
  await page.getByRole("button", { name: "Use a passkey", exact: true }).click();
  await expect(page).toHaveURL(`${site}/dashboard`, { timeout: 30_000 });
  await page.goto(`${site}/dashboard/account`);
  await expect(page.getByTestId("passkeys-list")).toContainText("last used");
  // The authenticator's signature counter went up with the sign-in.
  const after = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(after.credentials[0]!.signCount).toBeGreaterThan(credentials[0]!.signCount);
});

test("with two-factor sign-in on, a passkey answers the password's challenge", async ({ page, baseUrl }) => {
  test.setTimeout(120_000);
  const site = baseUrl.replace("127.0.0.1", "localhost");
  const email = uniqueEmail("passkey2fa");
  await virtualAuthenticator(page);
  await signUpInBrowser(page, { baseUrl: site, businessName: "Passkey 2FA Shop", email, password });
  await addPasskey(page, site, "Phone");

  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!;
  await page.getByLabel("Code from the app").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-codes")).toBeVisible();

  await signOut(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByLabel("Authentication code")).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);
  await page.getByRole("button", { name: "Use a passkey instead" }).click();
  await expect(page).toHaveURL(`${site}/dashboard`, { timeout: 30_000 });
});
