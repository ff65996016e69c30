import { testDatabaseUrl } from "../support/database-url";
import { startServer, type RunningServer } from "../support/server";
import { expect, test } from "../support/e2e/fixtures";

// A second server of the same build and database, with a WalletConnect project id configured.
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer(
    {
      DATABASE_URL: testDatabaseUrl(),
      DEVNET_FILE: process.env.E2E_DEVNET_FILE!,
      WALLETCONNECT_PROJECT_ID: "0123456789abcdef0123456789abcdef",
    },
    "e2e-walletconnect",
  );
});
test.afterAll(async () => server?.stop());

test("with a WalletConnect project id the checkout also offers WalletConnect, and its CSP lets it reach the relay", async ({
  page,
  merchant,
}) => {
  const res = await fetch(`${server.url}/v1/merchant/payment`, {
    method: "POST",
    headers: { "api-key": merchant.apiKey, "merchant-id": merchant.merchantId, "content-type": "application/json" },
    body: JSON.stringify({ amount: { unit: "iso4217/USD", value: "100" }, referenceId: "wc" }),
  });
  const { gatewayUrl } = (await res.json()) as { gatewayUrl: string };
  const page1 = await page.goto(gatewayUrl);
  expect(page1!.headers()["content-security-policy"]).toContain("wss://*.walletconnect.org");
  await page.getByRole("button", { name: "Connect a wallet" }).click();
  await expect(page.getByRole("button", { name: /^WalletConnect/ })).toBeVisible();
});

test("without a project id WalletConnect is neither offered nor allowed by the CSP", async ({
  page,
  createPayment,
}) => {
  const payment = await createPayment({ amount: { unit: "iso4217/USD", value: "100" }, referenceId: "no-wc" });
  const res = await page.goto(payment.gatewayUrl);
  expect(res!.headers()["content-security-policy"]).not.toContain("walletconnect");
  await page.getByRole("button", { name: "Connect a wallet" }).click();
  await expect(page.getByRole("heading", { name: "Choose a wallet" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^WalletConnect/ })).toHaveCount(0);
});
