import { existsSync, readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Page } from "@playwright/test";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "@/db/schema";
import { createUser } from "@/lib/dashboard/create-user";
import { uniqueClientIp } from "../client-ip";
import { testDatabaseUrl } from "../database-url";

export type Devnet = { evm: { chainId: string; buyers: { address: string }[] } } | null;

/** The server the global setup started, and the local chains when it started them (read defensively). */
export const test = base.extend<{ baseUrl: string; devnet: Devnet }>({
  baseUrl: async ({}, provide) => provide(process.env.E2E_BASE_URL!),
  devnet: async ({}, provide) => {
    const file = process.env.E2E_DEVNET_FILE;
    await provide(file && existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Devnet) : null);
  },
});
export { expect };

let counter = 0;
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${++counter}-${Math.random().toString(36).slice(2, 8)}@shop.example`;
}

/**
 * A dashboard user of this merchant, made as the operator's `user create` makes one, signed in
 * through the page from a visitor address of its own (sign-ins are limited per address). Its email.
 */
export async function signInAsNewUser(page: Page, baseUrl: string, merchantId: string, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  const password = "a long enough passphrase";
  const sql = postgres(testDatabaseUrl(), { max: 1, onnotice: () => {} });
  await createUser(drizzle(sql, { schema }), merchantId, email, password);
  await sql.end();
  await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientIp() });
  await page.goto(`${baseUrl}/dashboard/sign-in`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Signing in hashes the password at the OWASP cost (scrypt N=2^17): seconds on a busy 2-core machine.
  await expect(page).toHaveURL(`${baseUrl}/dashboard`, { timeout: 30_000 });
  return email;
}

/** No serious or critical axe violations on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  // Retried briefly: a page caught mid-refresh is not the page a user stays on; a real violation persists.
  await expect(async () => {
    const { violations } = await new AxeBuilder({ page }).analyze();
    const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
  }).toPass({ timeout: 10_000 });
}

/** Sign up through the page's own form. */
export async function signUpInBrowser(page: Page, baseUrl: string, businessName: string, email: string, password: string): Promise<void> {
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
