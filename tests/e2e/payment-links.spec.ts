import { expectAccessible } from "../support/e2e/axe";
import { chooseAndPay, connectWallet, merchantStatus } from "../support/e2e/checkout-steps";
import { signInAsNewUser } from "../support/e2e/dashboard-steps";
import { expect, test } from "../support/e2e/fixtures";
import { installBuyerEvmWallet } from "../support/e2e/wallets/evm-test-wallet";

test("a payment link with a buyer-entered amount paid end to end", async ({
  page,
  browser,
  baseUrl,
  devnet,
  merchant,
}, info) => {
  test.setTimeout(120_000);
  await signInAsNewUser(page, { baseUrl, merchantId: merchant.merchantId, tag: "links" });

  // The merchant makes a link whose buyer enters between $5 and $100.
  await page.getByRole("link", { name: "Payment links" }).click();
  await expect(page.getByRole("heading", { name: "Payment links", level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Description").fill("Tip jar");
  await page.getByLabel("The buyer enters the amount").check();
  await page.getByLabel("Minimum (USD)").fill("5");
  await page.getByLabel("Maximum (USD)").fill("1");
  await page.getByRole("button", { name: "Create link" }).click();
  await expect(page.getByLabel("Maximum (USD)")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Maximum (USD)").fill("100");
  await page.getByRole("button", { name: "Create link" }).click();
  const url = (await page.getByTestId("new-link-url").textContent())!;
  expect(url).toMatch(new RegExp(`^${baseUrl}/l/plink_`));
  const row = page.getByTestId("links-table").getByRole("row", { name: /Tip jar/ });
  await expect(row).toContainText("$5.00 to $100.00, buyer enters");
  await expect(row).toContainText("Active");
  await expectAccessible(page);

  // A buyer opens the link in a browser of their own, with their wallet.
  const buyer = await (await browser.newContext()).newPage();
  await installBuyerEvmWallet(buyer, { devnet, index: info.parallelIndex });
  await buyer.goto(url);
  await expect(buyer.getByTestId("link-description")).toHaveText("Tip jar");
  await expectAccessible(buyer);
  const amount = buyer.getByLabel("Amount (USD)");
  await amount.fill("150");
  await buyer.getByRole("button", { name: "Pay" }).click();
  await expect(buyer.getByRole("alert").filter({ hasText: /\S/ })).toContainText("$5.00 to $100.00");
  await expectAccessible(buyer);
  await amount.fill("12.34");
  await buyer.getByRole("button", { name: "Pay" }).click();
  await expect(buyer).toHaveURL(/\/pay\?pid=pay_/);
  const paymentId = new URL(buyer.url()).searchParams.get("pid")!;
  await expect(buyer.getByTestId("fiat-amount")).toHaveText("$12.34");
  await connectWallet(buyer, "Test EVM Wallet");
  await chooseAndPay(buyer, /12\.34 USDC/);
  await expect(buyer.getByTestId("terminal-view")).toHaveAttribute("data-kind", "succeeded", { timeout: 30_000 });
  expect(await merchantStatus(baseUrl, merchant, paymentId)).toBe("succeeded");

  // The link's page lists the payment and what the link took in.
  await page.reload();
  await page.getByTestId("links-table").getByRole("link", { name: "Tip jar" }).click();
  await expect(page.getByTestId("link-total-paid")).toHaveText("$12.34");
  const payment = page.getByTestId("link-payments-table").locator(`tr[data-payment-id="${paymentId}"]`);
  await expect(payment).toContainText("$12.34");
  await expect(payment).toContainText("Succeeded");
  await expectAccessible(page);

  // Disabled, the link takes no more payments.
  await page.getByRole("button", { name: "Disable link" }).click();
  await expect(page.getByTestId("link-state")).toHaveText("Disabled");
  await buyer.goto(url);
  await expect(buyer.getByRole("heading", { name: "This link no longer accepts payments" })).toBeVisible();
  await expect(buyer.getByRole("button", { name: "Pay" })).toHaveCount(0);
  await expectAccessible(buyer);
});
