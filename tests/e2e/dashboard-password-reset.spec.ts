import { mailingServerForFile } from "../support/e2e/mailing-server";
import { signUpInBrowser, uniqueEmail } from "../support/e2e/dashboard-steps";
import { expect, test } from "../support/e2e/fixtures";

// A merchant who forgot their password, in the browser, against a server of the same build that sends
// email through a real SMTP server on loopback: "Forgot your password?", the emailed link, a new
// password, the old one refused, the new one signs in; the link does not work twice.

const mailing = mailingServerForFile("e2e-reset");

test("forgot password: the emailed link sets a new password once, the old one stops working", async ({ browser }) => {
  test.setTimeout(120_000);
  const { server, sink } = mailing;
  const page = await (await browser.newContext()).newPage();
  const email = uniqueEmail("forgot");
  await signUpInBrowser(page, {
    baseUrl: server.url,
    businessName: "Forgetful Shop",
    email,
    password: "the first long passphrase",
  });
  await page.context().clearCookies();

  await page.goto(`${server.url}/dashboard/sign-in`);
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a reset link" }).click();
  await expect(page.getByRole("status")).toContainText("It works once, for an hour.");

  const mail = await sink.waitFor((m) => m.to.includes(email.toLowerCase()) && /reset/i.test(m.subject));
  const link = /https?:\/\/\S+\/dashboard\/reset-password#token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();

  await page.goto(link!);
  await page.getByLabel("New password").fill("the second long passphrase");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password is changed");
  // The token left the address bar with the page's use of it.
  expect(page.url()).not.toContain("token=");

  async function signIn(password: string) {
    await page.goto(`${server.url}/dashboard/sign-in`);
    await expect(page.getByRole("heading", { name: "Sign in to your dashboard" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
  }
  await signIn("the first long passphrase");
  await expect(page.locator("#auth-error")).toHaveText("Email or password is incorrect");
  await signIn("the second long passphrase");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();

  // The same link again: refused, and the password stays the new one.
  await page.context().clearCookies();
  await page.goto(link!);
  await page.getByLabel("New password").fill("a third long passphrase");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.locator("#reset-error")).not.toBeEmpty();
  await expect(page.getByRole("status")).toHaveCount(0);
});
