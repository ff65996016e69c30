import { join } from "node:path";
import { evmTokenBalance } from "../support/chain-balances";
import { gatewayAt, optionForDevnetBuyer } from "../support/devnet-buyer";
import { ARTIFACTS } from "../support/server";
import { merchantStatus, payAsDevnetBuyer } from "../support/e2e/checkout-steps";
import { expectAccessible } from "../support/e2e/axe";
import { signInAsNewUser } from "../support/e2e/dashboard-steps";
import { expect, test } from "../support/e2e/fixtures";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("a transfer that lands after its payment expired: Paid late in the table and the filter, and the merchant marks it as paid", async ({
  page,
  baseUrl,
  devnet,
  merchant,
  createPayment,
}, info) => {
  test.setTimeout(120_000);
  // Each worker pays from its own buyer, so two workers never race for one account's EVM nonce.
  const buyer = devnet.evm.buyers[info.parallelIndex]!;
  const server = { url: baseUrl };
  const merchantApi = { "api-key": merchant.apiKey, "merchant-id": merchant.merchantId };
  const listed = async (id: string) => {
    const { data } = (await (await fetch(`${baseUrl}/v1/merchants/payments`, { headers: merchantApi })).json()) as {
      data: { paymentId: string; status: string; exception?: string }[];
    };
    return data.find((p) => p.paymentId === id);
  };

  // An order paid in time, for contrast: no badge, and the filter leaves it out.
  const onTime = await createPayment({ amount: { unit: "iso4217/USD", value: "999" }, referenceId: "paid-in-time" });
  await payAsDevnetBuyer(baseUrl, {
    merchant,
    paymentId: onTime.paymentId,
    pay: {
      namespace: "eip155",
      symbol: "USDT",
      index: info.parallelIndex,
      devnet,
    },
  });

  // The late one: options while it is open, the transfer only after it expired.
  const late = await createPayment({
    amount: { unit: "iso4217/USD", value: "420" },
    referenceId: "late-order",
    expiresAt: Math.floor(Date.now() / 1000) + 4,
  });
  const { option, wallet } = await optionForDevnetBuyer(server, {
    paymentId: late.paymentId,
    namespace: "eip155",
    symbol: "USDT",
    buyerIndex: info.parallelIndex,
    devnet,
  });
  await expect.poll(() => merchantStatus(baseUrl, merchant, late.paymentId), { timeout: 15_000 }).toBe("expired");
  const before = await evmTokenBalance(devnet, "USDT", merchant.evmAddress);
  const hash = await wallet(option.actions[0]!);
  const confirm = await gatewayAt(server, {
    paymentId: late.paymentId,
    path: "/confirm",
    body: { optionId: option.id, results: [hash] },
  });
  expect(confirm.status).toBe(410);
  expect(await confirm.json()).toMatchObject({
    code: "payment_expired",
    message: expect.stringMatching(/recorded as paid late/),
  });
  await expect.poll(async () => (await listed(late.paymentId))?.exception, { timeout: 30_000 }).toBe("paid_late");
  expect(await evmTokenBalance(devnet, "USDT", merchant.evmAddress)).toBe(before + 4_200_000n);
  expect(await merchantStatus(baseUrl, merchant, late.paymentId)).toBe("expired");

  const email = await signInAsNewUser(page, { baseUrl, merchantId: merchant.merchantId, tag: "late" });

  // The table: the late payment is expired with its badge, the one paid in time has none.
  await page.getByRole("link", { name: "Payments" }).click();
  const table = page.getByTestId("payments-table");
  const lateRow = table.locator(`tr[data-payment-id="${late.paymentId}"]`);
  const onTimeRow = table.locator(`tr[data-payment-id="${onTime.paymentId}"]`);
  await expect(lateRow.getByText("Expired")).toBeVisible();
  await expect(lateRow.getByText("Paid late")).toBeVisible();
  await expect(lateRow).toContainText("4.2 USDT");
  await expect(onTimeRow.getByText("Succeeded")).toBeVisible();
  await expect(onTimeRow.locator("[data-exception]")).toHaveCount(0);
  await page.screenshot({ path: join(ARTIFACTS, "dashboard-exceptions-table.png"), fullPage: true });

  // Needs attention: only the late one.
  await page.getByLabel("Needs attention").selectOption({ label: "Any exception" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/exception=any/);
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(lateRow).toBeVisible();
  await page.screenshot({ path: join(ARTIFACTS, "dashboard-exceptions-filtered.png"), fullPage: true });

  // Its page: what was asked and what arrived, the transaction, and the decision to make.
  await table.getByRole("link", { name: "late-order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /Payment late-order/ })).toContainText("Paid late");
  await expect(page.getByRole("heading", { name: "Needs attention: paid late", exact: true })).toBeVisible();
  await expect(page.getByTestId("token-asked")).toHaveText("4.2 USDT");
  await expect(page.getByTestId("token-received")).toHaveText("4.2 USDT");
  await expect(page.getByTestId("tx-hash")).toContainText(hash);
  await expect(page.getByTestId("buyer")).toContainText(buyer.address);
  await expectAccessible(page);
  await page.screenshot({ path: join(ARTIFACTS, "dashboard-exception-detail.png"), fullPage: true });

  await page.getByRole("button", { name: "Mark as paid", exact: true }).click();
  await expect(page.getByText("Mark payment late-order as paid?")).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm: mark as paid" })).toBeFocused();
  await expectAccessible(page);
  await page.screenshot({ path: join(ARTIFACTS, "dashboard-exception-confirm.png"), fullPage: true });
  await page.getByRole("button", { name: "Confirm: mark as paid" }).click();

  // Succeeded, and who decided it and when.
  await expect(page.getByTestId("resolution")).toHaveText(
    new RegExp(`^Marked as paid by ${escape(email)} on \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC$`),
  );
  await expect(page.locator("h1 .dash-status")).toHaveText("Succeeded");
  await expect(page.getByRole("button", { name: "Mark as paid", exact: true })).toHaveCount(0);
  const timeline = page.getByTestId("timeline");
  await expect(timeline.locator("strong")).toHaveText(["Created", "Expired", "Succeeded"]);
  await expect(timeline).toContainText(`Marked as paid by ${email}`);
  await expectAccessible(page);
  await page.screenshot({ path: join(ARTIFACTS, "dashboard-exception-resolved.png"), fullPage: true });

  // The merchant's systems see the decision: listing and status both read succeeded.
  expect(await listed(late.paymentId)).toMatchObject({ status: "succeeded", exception: "paid_late" });
  expect(await merchantStatus(baseUrl, merchant, late.paymentId)).toBe("succeeded");
});
