import { join } from "node:path";
import { evmTokenBalance } from "../support/chain-balances";
import { confirmAt, signWithDevnetBuyer } from "../support/devnet-buyer";
import { ARTIFACTS } from "../support/server";
import { merchantStatus, walletButton } from "../support/e2e/checkout-steps";
import { expectAccessible } from "../support/e2e/axe";
import { signInAsNewUser } from "../support/e2e/dashboard-steps";
import { expect, test } from "../support/e2e/fixtures";
import { installEvmWallet } from "../support/e2e/wallets/evm-test-wallet";

test("Refund from my wallet: the merchant's wallet sends the USDC back, the service verifies it, the page shows Refunded with the transaction", async ({
  page,
  baseUrl,
  devnet,
  merchant,
  createPayment,
}, info) => {
  test.setTimeout(120_000);
  // Paid as a wallet pays (EIP-3009, relayed), by this worker's own buyer.
  const buyer = devnet.evm.buyers[info.parallelIndex]!;
  const payment = await createPayment({ amount: { unit: "iso4217/USD", value: "1250" }, referenceId: "refund-order" });
  const server = { url: baseUrl };
  expect(
    (
      await confirmAt(
        server,
        await signWithDevnetBuyer(server, payment.paymentId, "eip155", "USDC", info.parallelIndex, devnet),
      )
    )?.status,
  ).toBe(200);
  await expect.poll(() => merchantStatus(baseUrl, merchant, payment.paymentId), { timeout: 30_000 }).toBe("succeeded");

  // The merchant's receiving address pays the refund's gas itself.
  await fetch(devnet.evm.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "anvil_setBalance",
      params: [merchant.evmAddress, "0x8ac7230489e80000"],
    }),
  });
  const wallet = await installEvmWallet(page, {
    privateKey: merchant.evmPrivateKey,
    rpcUrl: devnet.evm.rpcUrl,
    chainId: devnet.evm.chainIdNumber,
    startChainId: 1,
  });

  const email = await signInAsNewUser(page, baseUrl, merchant.merchantId, "refund");

  await page.goto(`${baseUrl}/dashboard/payments/${payment.paymentId}`);
  await expect(page.locator("h1 .dash-status")).toHaveText("Succeeded");
  await expect(page.locator("h1 [data-refunded]")).toHaveCount(0);
  await page.getByRole("button", { name: "Refund from my wallet" }).click();
  await walletButton(page, "Test EVM Wallet").click();
  await expect(page.getByTestId("connected-evm")).toContainText(merchant.evmAddress.slice(0, 6));
  await expectAccessible(page);
  const before = await evmTokenBalance(devnet, "USDC", buyer.address);
  await page.getByRole("button", { name: "Send 12.5 USDC to the buyer" }).click();

  await expect(page.getByTestId("refund-record")).toHaveText(
    new RegExp(
      `^Refunded on \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC by ${email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`,
    ),
    { timeout: 30_000 },
  );
  await expect(page.locator("h1 [data-refunded]")).toHaveText("Refunded");
  expect(wallet.calls).toContain("eth_sendTransaction");
  expect(wallet.chainId()).toBe(devnet.evm.chainIdNumber);
  await expect(page.getByTestId("refund-tx")).toContainText(/0x[0-9a-f]{64}/);
  await expect(page.getByRole("button", { name: "Refund from my wallet" })).toHaveCount(0);
  expect(await evmTokenBalance(devnet, "USDC", buyer.address)).toBe(before + 12_500_000n);
  expect(await evmTokenBalance(devnet, "USDC", merchant.evmAddress)).toBe(0n);
  await expectAccessible(page);
  await page.screenshot({ path: join(ARTIFACTS, "dashboard-refunded.png"), fullPage: true });

  // The payments table says it too.
  await page.goto(`${baseUrl}/dashboard/payments`);
  await expect(
    page.getByTestId("payments-table").locator(`tr[data-payment-id="${payment.paymentId}"]`).getByText("Refunded"),
  ).toBeVisible();
});
