import { join } from "node:path";
import { ARTIFACTS } from "../support/server";
import { expect, test } from "../support/e2e/fixtures";
import { captureView, waitForGatewayStatus } from "../support/e2e/checkout-steps";

test("the gatewayUrl shows the merchant, the fiat amount and a ticking countdown", async ({
  page,
  merchant,
  createPayment,
}) => {
  const payment = await createPayment({ amount: { unit: "iso4217/USD", value: "1250" }, referenceId: "order-1" });
  const res = await page.goto(payment.gatewayUrl);
  expect(res?.status()).toBe(200);
  await expect(page.getByTestId("merchant-name")).toHaveText(merchant.name);
  await expect(page.getByTestId("fiat-amount")).toHaveText("$12.50");
  await expect(page.getByTestId("payment-status")).toHaveText("Awaiting payment");
  const timeLeft = page.getByTestId("time-left");
  await expect(timeLeft).toHaveText(/^1[45]:\d\d left$/);
  const first = await timeLeft.textContent();
  await expect(timeLeft).not.toHaveText(first!, { timeout: 5000 });
  await page.screenshot({ path: join(ARTIFACTS, "checkout-summary.png") });
});

test("amounts follow the currency's exponent", async ({ page, createPayment }) => {
  const yen = await createPayment({ amount: { unit: "iso4217/JPY", value: "500" }, referenceId: "jp" });
  await page.goto(yen.gatewayUrl);
  await expect(page.getByTestId("fiat-amount")).toHaveText("¥500");
});

test("a payment opened after its window shows as expired", async ({ page, baseUrl, createPayment }) => {
  const payment = await createPayment({
    amount: { unit: "iso4217/USD", value: "100" },
    referenceId: "late",
    expiresAt: Math.floor(Date.now() / 1000) + 2,
  });
  await waitForGatewayStatus(baseUrl, payment.paymentId, "expired");
  await page.goto(payment.gatewayUrl);
  await expect(page.getByTestId("payment-status")).toHaveText("Expired");
  await expect(page.getByTestId("time-left")).toHaveCount(0);
});

test("an unknown payment id is a 404 page", async ({ page, baseUrl }) => {
  const res = await page.goto(`${baseUrl}/pay?pid=pay_0000000000000000000000`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Payment not found" })).toBeVisible();
  await captureView(page, "not-found");
  const garbage = await page.goto(`${baseUrl}/pay?pid=<script>`);
  expect(garbage?.status()).toBe(404);
});

test("the checkout is served with a nonce CSP that its own scripts satisfy, and cannot be framed", async ({
  page,
  createPayment,
}) => {
  const payment = await createPayment({ amount: { unit: "iso4217/USD", value: "100" }, referenceId: "csp" });
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const res = await page.goto(payment.gatewayUrl);
  const csp = res!.headers()["content-security-policy"]!;
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res!.headers()["referrer-policy"]).toBe("no-referrer");
  // Every script Next.js rendered carries this response's nonce, and the page hydrates under the policy.
  const scripts = await page.locator("script").evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).nonce));
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.every((n) => n === nonce)).toBe(true);
  await page.getByRole("button", { name: "Connect a wallet" }).click();
  await expect(page.getByRole("heading", { name: "Choose a wallet" })).toBeVisible();
  expect(violations).toEqual([]);
});
