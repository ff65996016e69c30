import { expect, test } from "../support/e2e/fixtures";
import { walletButton } from "../support/e2e/checkout-steps";
import { installBuyerEvmWallet } from "../support/e2e/wallets/evm-test-wallet";

// A slow phone shows the server's HTML well before the page's scripts run. The checkout's buttons are
// there at once, but a click before React hydrated them did nothing: the buyer's "Connect a wallet" was
// lost (a browser test failed so under load). They are disabled until hydrated, then work.
test("Connect a wallet, pressed while the page's scripts still load, opens the wallet list once they run", async ({
  page,
  devnet,
  createPayment,
}, info) => {
  await installBuyerEvmWallet(page, { devnet, index: info.parallelIndex });
  const payment = await createPayment({ amount: { unit: "iso4217/USD", value: "100" }, referenceId: "hydration" });
  await page.route("**/_next/static/**/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await page.goto(payment.gatewayUrl, { waitUntil: "commit" });
  const connect = page.getByRole("button", { name: "Connect a wallet" });
  await connect.waitFor();
  await expect(connect).toBeDisabled();
  await expect(page.getByRole("button", { name: "Cancel payment" })).toBeDisabled();
  // Playwright's click waits for the button to be enabled, as a buyer's next tap would find it.
  await connect.click();
  await expect(walletButton(page, "Test EVM Wallet")).toBeVisible({ timeout: 20_000 });
});
