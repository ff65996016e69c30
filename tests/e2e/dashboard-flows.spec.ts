import { readFileSync } from "node:fs";
import { join } from "node:path";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { evmTokenBalance, evmTokenTransfersTo } from "../support/chain-balances";
import { confirmAt, createPaymentWith, signWithDevnetBuyer } from "../support/devnet-buyer";
import { merchantStatus } from "../support/e2e/checkout-steps";
import { ARTIFACTS } from "../support/server";
import { parseCsv } from "../support/parse-csv";
import { signUpInBrowser, uniqueEmail } from "../support/e2e/dashboard-steps";
import { expect, test } from "../support/e2e/fixtures";

test("a merchant signs up, creates a key, sets its receiving address, is paid on chain, sees its payments, filters, opens, exports, revokes the key", async ({
  page,
  baseUrl,
  devnet,
}, info) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("e2e");
  await signUpInBrowser(page, {
    baseUrl,
    businessName: "Corner Bookshop",
    email,
    password: "a long enough passphrase",
  });
  await expect(page.getByTestId("merchant-name")).toHaveText("Corner Bookshop");

  // API keys: the Merchant-Id and a new key, shown once.
  await page.getByRole("link", { name: "API keys" }).click();
  const merchantId = (await page.getByTestId("merchant-id").textContent())!;
  expect(merchantId).toMatch(/^mer_/);
  await page.getByLabel("Key name").fill("Checkout server");
  await page.getByRole("button", { name: "Create key" }).click();
  const apiKey = (await page.getByTestId("new-key-secret").textContent())!;
  expect(apiKey).toMatch(/^sk_/);
  await expect(page.getByTestId("keys-table")).toContainText("Checkout server");
  await expect(page.getByTestId("keys-table")).toContainText(apiKey.slice(0, 9));
  await page.screenshot({ path: join(ARTIFACTS, "dashboard-keys.png"), fullPage: true });

  // Settings: a mistyped checksum is refused and nothing typed is lost; the right address is saved,
  // and the payments below are paid to it.
  await page.getByRole("link", { name: "Settings" }).click();
  const address = privateKeyToAccount(generatePrivateKey()).address;
  // One letter's case flipped: still hex, but the EIP-55 checksum no longer matches.
  const at = address.slice(2).search(/[a-fA-F]/) + 2;
  const flipped = address[at] === address[at]!.toLowerCase() ? address[at]!.toUpperCase() : address[at]!.toLowerCase();
  const mistyped = `${address.slice(0, at)}${flipped}${address.slice(at + 1)}`;
  await page.getByLabel("Business name").fill("Corner Bookshop & Café");
  await page.getByLabel("EVM address (Ethereum, Base, …)").fill(mistyped);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText(/Nothing was saved/)).toBeVisible();
  await expect(page.getByLabel("EVM address (Ethereum, Base, …)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Business name")).toHaveValue("Corner Bookshop & Café");
  await page.screenshot({ path: join(ARTIFACTS, "dashboard-settings-error.png"), fullPage: true });
  await page.getByLabel("EVM address (Ethereum, Base, …)").fill(address);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  await expect(page.getByTestId("merchant-name")).toHaveText("Corner Bookshop & Café");

  // The test's backend creates payments with that key.
  const server = { url: baseUrl };
  const create = async (value: string, referenceId: string) =>
    (await createPaymentWith(server, { apiKey, merchantId }, { amount: { unit: "iso4217/USD", value }, referenceId }))
      .paymentId;
  const ids = [
    await create("1250", "order-1001"),
    await create("4999", "order-1002"),
    await create("300", 'order "1003", gift'),
  ];
  // A buyer pays one of them through the gateway on the devnet: USDC by EIP-3009, which the service
  // relays (this worker's own buyer; the signature uses no nonce of the buyer's account).
  const buyer = devnet.evm.buyers[info.parallelIndex]!;
  const signed = await signWithDevnetBuyer(server, {
    paymentId: ids[1]!,
    namespace: "eip155",
    symbol: "USDC",
    buyerIndex: info.parallelIndex,
    devnet,
  });
  expect((await confirmAt(server, signed))?.status).toBe(200);
  await expect
    .poll(() => merchantStatus(baseUrl, { apiKey, merchantId }, ids[1]!), { timeout: 30_000 })
    .toBe("succeeded");
  // What really moved: one transfer, from the buyer to the address saved in Settings.
  const transfers = await evmTokenTransfersTo(devnet, "USDC", address);
  expect(transfers.map((t) => [t.from.toLowerCase(), t.value])).toEqual([[buyer.address.toLowerCase(), 49_990_000n]]);
  expect(await evmTokenBalance(devnet, "USDC", address)).toBe(49_990_000n);
  const txHash = transfers[0]!.hash;

  // The table shows them; filters narrow it.
  await page.getByRole("link", { name: "Payments" }).click();
  const table = page.getByTestId("payments-table");
  for (const id of ids) await expect(table.locator(`tr[data-payment-id="${id}"]`)).toBeVisible();
  await page.screenshot({ path: join(ARTIFACTS, "dashboard-payments.png"), fullPage: true });
  await page.getByLabel("Succeeded").check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/status=succeeded/);
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await page.getByLabel("Succeeded").uncheck();
  await page.getByLabel("Search").fill("order-1001");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/q=order-1001/);
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table).toContainText("$12.50");
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(`${baseUrl}/dashboard/payments`);
  await expect(page.getByLabel("Search")).toHaveValue("");
  await page.getByLabel("Sort").selectOption("amount:desc");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/sort=amount%3Adesc/);
  await expect(table.locator("tbody tr").first()).toContainText("order-1002");

  // Export the filtered set (all awaiting payment) and check its rows.
  await page.getByLabel("Awaiting payment").check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/status=requires_action/);
  await expect(table.locator("tbody tr")).toHaveCount(2);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const rows = parseCsv(readFileSync((await download.path())!, "utf8"));
  expect(rows[0]!.slice(0, 5)).toEqual(["payment_id", "reference_id", "status", "created_at", "fiat_amount"]);
  expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[4], r[5]])).toEqual([
    [ids[0], "order-1001", "requires_action", "12.5", "USD"],
    [ids[2], 'order "1003", gift', "requires_action", "3", "USD"],
  ]);

  // The detail view of the settled one: amounts, buyer, transaction, timeline.
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(`${baseUrl}/dashboard/payments`);
  await table.getByRole("link", { name: "order-1002" }).click();
  await expect(page.getByRole("heading", { name: /Payment order-1002/ })).toBeVisible();
  await expect(page.getByTestId("fiat-amount")).toHaveText("$49.99");
  await expect(page.getByTestId("token-amount")).toHaveText("49.99 USDC");
  await expect(page.getByTestId("buyer")).toHaveText(`${devnet.evm.chainId}:${buyer.address}`);
  await expect(page.getByTestId("tx-hash")).toContainText(txHash);
  await expect(page.getByTestId("timeline")).toContainText("Created");
  await expect(page.getByTestId("timeline")).toContainText("Succeeded");
  await page.screenshot({ path: join(ARTIFACTS, "dashboard-payment-detail.png"), fullPage: true });

  // The overview counts the settled payment.
  await page.getByRole("link", { name: "Overview" }).click();
  await expect(page.getByTestId("stat-revenue")).toHaveText("$49.99");
  await expect(page.getByTestId("stat-transactions")).toHaveText("1");
  await expect(page.getByTestId("stat-customers")).toHaveText("1");
  await expect(page.getByTestId("status-count-requires_action")).toHaveText("2");
  await page.screenshot({ path: join(ARTIFACTS, "dashboard-overview.png"), fullPage: true });

  // Revoke the key: the API refuses it at once.
  await page.getByRole("link", { name: "API keys" }).click();
  await page.getByRole("button", { name: "Revoke key Checkout server" }).click();
  await page.getByRole("button", { name: "Confirm revoking key Checkout server" }).click();
  await expect(page.getByText("No active keys")).toBeVisible();
  const refused = await fetch(`${baseUrl}/v1/merchants/payments`, {
    headers: { "api-key": apiKey, "merchant-id": merchantId },
  });
  expect(refused.status).toBe(401);

  // Sign out ends the session.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${baseUrl}/dashboard/sign-in`);
  await page.goto(`${baseUrl}/dashboard/payments`);
  await expect(page).toHaveURL(`${baseUrl}/dashboard/sign-in`);
});
