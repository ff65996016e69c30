import { generate } from "otplib";
import { expectAccessible } from "../support/e2e/axe";
import { signUpInBrowser, uniqueEmail } from "../support/e2e/dashboard-steps";
import { expect, test } from "../support/e2e/fixtures";

// A merchant turns on two-factor sign-in from the Account page with an authenticator app (a code
// generated here from the key the page shows, as the app would), signs out, and signs back in with a
// code; then with a recovery code, which works once.

const nextStepCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

test("enrol an authenticator app, sign in with its code, and with a recovery code once", async ({ page, baseUrl }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("totp");
  const password = "a long enough passphrase";
  await signUpInBrowser(page, { baseUrl, businessName: "Two Factor Shop", email, password });

  await page.goto(`${baseUrl}/dashboard/account`);
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!;
  await expect(page.getByRole("img", { name: "QR code to add this account to an authenticator app" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Code from the app").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-codes").locator("code")).toHaveCount(10);
  const codes = await page.getByTestId("recovery-codes").locator("code").allTextContents();
  expect(codes).toHaveLength(10);

  async function signInWith(code: string) {
    await page.goto(`${baseUrl}/dashboard/sign-in`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByLabel("Authentication code").fill(code, { timeout: 30_000 });
    await expectAccessible(page);
    await page.getByRole("button", { name: "Verify" }).click();
  }

  await page.context().clearCookies();
  await signInWith(await nextStepCode(secret));
  await expect(page).toHaveURL(`${baseUrl}/dashboard`, { timeout: 30_000 });

  await page.context().clearCookies();
  await signInWith(codes[0]!);
  await expect(page).toHaveURL(`${baseUrl}/dashboard`, { timeout: 30_000 });

  // The same recovery code a second time is refused.
  await page.context().clearCookies();
  await signInWith(codes[0]!);
  await expect(page.getByRole("alert").filter({ hasText: "That code is not right" })).toBeVisible();
  await expect(page).toHaveURL(`${baseUrl}/dashboard/sign-in`);
});
