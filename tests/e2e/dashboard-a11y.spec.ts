import { expectAccessible } from "../support/e2e/axe";
import { signUpInBrowser, uniqueEmail } from "../support/e2e/dashboard-steps";
import { expect, test } from "../support/e2e/fixtures";

test("every dashboard page passes axe without serious or critical violations", async ({ page, baseUrl }) => {
  test.setTimeout(90_000);
  for (const path of ["/dashboard/sign-in", "/dashboard/sign-up"]) {
    await page.goto(`${baseUrl}${path}`);
    await expectAccessible(page);
  }
  await signUpInBrowser(page, {
    baseUrl,
    businessName: "Axe Hardware",
    email: uniqueEmail("axe"),
    password: "a long enough passphrase",
  });
  await page.getByRole("link", { name: "API keys" }).click();
  await page.getByLabel("Key name").fill("axe");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByTestId("new-key-secret")).toBeVisible();
  await expectAccessible(page);
  const apiKey = (await page.getByTestId("new-key-secret").textContent())!;
  const merchantId = (await page.getByTestId("merchant-id").textContent())!;
  const res = await fetch(`${baseUrl}/v1/merchant/payment`, {
    method: "POST",
    headers: { "api-key": apiKey, "merchant-id": merchantId, "content-type": "application/json" },
    body: JSON.stringify({ amount: { unit: "iso4217/USD", value: "2500" }, referenceId: "axe-1" }),
  });
  const { paymentId } = (await res.json()) as { paymentId: string };

  for (const path of ["/dashboard", "/dashboard/payments", `/dashboard/payments/${paymentId}`, "/dashboard/settings"]) {
    await page.goto(`${baseUrl}${path}`);
    await expect(page.locator("h1")).toBeVisible();
    await expectAccessible(page);
  }
  // Error states are accessible too.
  await page.getByLabel("EVM address (Ethereum, Base, …)").fill("0xnot-an-address");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText(/Nothing was saved/)).toBeVisible();
  await expectAccessible(page);
});

test("keyboard only: sign in, skip to content, move through the sections", async ({ page, baseUrl, browser }) => {
  const email = uniqueEmail("keys");
  const password = "typed with keys only";
  const setup = await browser.newPage();
  await signUpInBrowser(setup, { baseUrl, businessName: "Keyboard Co", email, password });
  await setup.close();

  await page.goto(`${baseUrl}/dashboard/sign-in`);
  const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent || "");
  await page.keyboard.press("Tab");
  expect(await focused()).toBe("email");
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  expect(await focused()).toBe("password");
  await page.keyboard.type(password);
  await page.keyboard.press("Enter");
  // Signing in hashes the password at the OWASP cost (scrypt N=2^17): seconds on a busy 2-core machine.
  await expect(page).toHaveURL(`${baseUrl}/dashboard`, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();

  // First stop: the skip link, which moves focus past the navigation.
  await page.keyboard.press("Tab");
  expect(await focused()).toBe("Skip to content");
  await page.keyboard.press("Enter");
  expect(await focused()).toBe("content");

  // The sections are reachable by Tab and open with Enter.
  await page.goto(`${baseUrl}/dashboard`);
  for (let i = 0; i < 12 && (await focused()) !== "Payments"; i++) await page.keyboard.press("Tab");
  expect(await focused()).toBe("Payments");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${baseUrl}/dashboard/payments`);
  await expect(page.getByRole("heading", { name: "Payments", exact: true })).toBeVisible();

  // Keys by keyboard: create (focus lands on the once-shown secret), revoke with confirm.
  await page.goto(`${baseUrl}/dashboard/keys`);
  for (let i = 0; i < 20 && (await focused()) !== "keyName"; i++) await page.keyboard.press("Tab");
  expect(await focused()).toBe("keyName");
  await page.keyboard.type("keyboard key");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("new-key")).toBeFocused();
  await expect(page.getByTestId("keys-table")).toContainText("keyboard key");
  await page.keyboard.press("Tab");
  expect(await focused()).toBe("Copy");
  for (let i = 0; i < 10 && (await focused()) !== "Revoke"; i++) await page.keyboard.press("Tab");
  expect(await focused()).toBe("Revoke");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Confirm revoking key keyboard key" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("No active keys")).toBeVisible();
});
