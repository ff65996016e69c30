import { expect, type Page } from "@playwright/test";
import { createUser } from "@/lib/dashboard/create-user";
import { uniqueClientIp } from "../client-ip";
import { uniqueEmail } from "../unique-email";
import { withTestDb } from "./fixtures";

export { uniqueEmail };

/**
 * A dashboard user of this merchant, made as the operator's `user create` makes one, signed in
 * through the page from a visitor address of its own (sign-ins are limited per address). Its email.
 */
export async function signInAsNewUser(
  page: Page,
  { baseUrl, merchantId, tag }: { baseUrl: string; merchantId: string; tag: string },
): Promise<string> {
  const email = uniqueEmail(tag);
  const password = "a long enough passphrase";
  await withTestDb((db) => createUser(db, { merchantId, email, password }));
  await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientIp() });
  await page.goto(`${baseUrl}/dashboard/sign-in`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Signing in hashes the password at the OWASP cost (scrypt N=2^17): seconds on a busy 2-core machine.
  await expect(page).toHaveURL(`${baseUrl}/dashboard`, { timeout: 30_000 });
  return email;
}

/** Sign up through the page's own form. */
export async function signUpInBrowser(
  page: Page,
  {
    baseUrl,
    businessName,
    email,
    password,
  }: { baseUrl: string; businessName: string; email: string; password: string },
): Promise<void> {
  // A visitor address of its own (as a proxy would forward it): sign-ups are limited per address,
  // and test runs against the same database must not add up.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientIp() });
  await page.goto(`${baseUrl}/dashboard/sign-up`);
  await page.getByLabel("Business name").fill(businessName);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  // Signing in hashes the password at the OWASP cost (scrypt N=2^17): seconds on a busy 2-core machine.
  await expect(page).toHaveURL(`${baseUrl}/dashboard`, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
}
