import { join } from "node:path";
import { ARTIFACTS } from "../support/server";
import { merchantStatus } from "../support/e2e/checkout-steps";
import { expectAccessible } from "../support/e2e/axe";
import { signInAsNewUser } from "../support/e2e/dashboard-steps";
import { expect, test } from "../support/e2e/fixtures";
import { sendPlainTokenTransfer } from "../support/plain-transfer";

test("money bound to no payment: under Needs attention, one is dismissed, the other attached to its order, which then reads Succeeded", async ({
  page,
  baseUrl,
  devnet,
  merchant,
  createPayment,
}, info) => {
  test.setTimeout(120_000);
  const order = await createPayment({ amount: { unit: "iso4217/USD", value: "750" }, referenceId: "order-7781" });
  // The buyer pays from an exchange: plain transfers, no payment's reference. Each worker sends from its own buyer.
  const send = (amount: bigint) =>
    sendPlainTokenTransfer(devnet, {
      buyerIndex: info.parallelIndex,
      symbol: "USDT",
      to: merchant.evmAddress,
      amount,
    });
  const stray = await send(1_000_000n);
  const paying = await send(7_500_000n);

  const email = await signInAsNewUser(page, { baseUrl, merchantId: merchant.merchantId, tag: "unmatched" });
  await page.getByRole("link", { name: "Payments" }).click();
  await expect(page).toHaveURL(`${baseUrl}/dashboard/payments`);
  const panel = page.getByTestId("unmatched-transfers");
  const rowOf = (hash: string) => panel.locator("tbody tr").filter({ hasText: hash });
  // The ledger finds them within seconds of being mined; the page shows what it found when loaded.
  await expect(async () => {
    await page.reload();
    await expect(rowOf(paying)).toBeVisible({ timeout: 1_000 });
    await expect(rowOf(stray)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(panel.getByRole("heading", { name: "Needs attention: money bound to no payment" })).toBeVisible();
  await expect(rowOf(paying)).toContainText("7.5 USDT");
  await expect(rowOf(paying)).toContainText("Local EVM (anvil)");
  await expect(rowOf(paying)).toContainText(new RegExp(devnet.evm.buyers[info.parallelIndex]!.address, "i"));
  await expect(rowOf(stray)).toContainText("1 USDT");
  await expectAccessible(page);
  await page.screenshot({ path: join(ARTIFACTS, "dashboard-unmatched.png"), fullPage: true });

  // A top-up the merchant knows of: dismissed, it leaves the list.
  await rowOf(stray).getByRole("button", { name: "Dismiss" }).click();
  await rowOf(stray).getByRole("button", { name: "Confirm: dismiss" }).click();
  await expect(rowOf(stray)).toHaveCount(0);
  await expect(rowOf(paying)).toBeVisible();

  // The order's money: attached by the merchant's own reference.
  await rowOf(paying).getByRole("button", { name: "Attach to payment" }).click();
  const form = page.getByRole("form", { name: "Attach 7.5 USDT to a payment" });
  await form.getByLabel("Payment id or reference").fill("no-such-order");
  await form.getByRole("button", { name: "Attach", exact: true }).click();
  await expect(form).toContainText("No payment has this id or reference");
  await expectAccessible(page);
  await form.getByLabel("Payment id or reference").fill("order-7781");
  await form.getByRole("button", { name: "Attach", exact: true }).click();

  // The payment's page: Succeeded, paid by that transaction, and the transfer with who attached it.
  await expect(page).toHaveURL(`${baseUrl}/dashboard/payments/${order.paymentId}`);
  await expect(page.locator("h1 .dash-status")).toHaveText("Succeeded");
  await expect(page.getByTestId("tx-hash")).toContainText(paying);
  const transfers = page.getByTestId("payment-transfers");
  await expect(transfers.locator("tbody tr")).toHaveCount(1);
  await expect(transfers).toContainText("7.5 USDT");
  await expect(transfers).toContainText(`Attached by ${email}`);
  await expectAccessible(page);
  await page.screenshot({ path: join(ARTIFACTS, "dashboard-unmatched-attached.png"), fullPage: true });

  // Nothing is left to attend to, and the merchant's systems read the payment succeeded.
  await page.getByRole("link", { name: "← All payments" }).click();
  await expect(page.getByTestId("payments-table")).toBeVisible();
  await expect(page.getByTestId("unmatched-transfers")).toHaveCount(0);
  expect(await merchantStatus(baseUrl, merchant, order.paymentId)).toBe("succeeded");
});
