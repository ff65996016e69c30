import { expect, test } from "../support/e2e/fixtures";
import { evmNativeBalance, evmTokenBalance, solanaLamports } from "../support/chain-balances";
import { chooseAndPay, connectWallet, merchantStatus } from "../support/e2e/checkout-steps";
import { installBuyerEvmWallet } from "../support/e2e/wallets/evm-test-wallet";
import { installSolanaWallet } from "../support/e2e/wallets/solana-test-wallet";

test("a EUR price paid in USDC: the option shows its rate and the feeds' age, and pays what EUR/USD implies", async ({
  page,
  devnet,
  merchant,
  baseUrl,
  createPayment,
}, info) => {
  await installBuyerEvmWallet(page, { devnet, index: info.parallelIndex });
  const payment = await createPayment({ amount: { unit: "iso4217/EUR", value: "1000" }, referenceId: "eur-rate" });
  await page.goto(payment.gatewayUrl);
  await expect(page.getByTestId("fiat-amount")).toContainText("€10.00");
  await connectWallet(page, "Test EVM Wallet");
  // 10.00 EUR at the devnet's EUR/USD 1.0842 is 10.842 USDC.
  const usdc = page.getByRole("button", { name: /10\.842 USDC/ });
  await expect(usdc.getByTestId("option-rate")).toHaveText(/^1 EUR = 1\.0842 USDC, updated \d+ (sec|min|hr)\. ago$/);
  await chooseAndPay(page, /10\.842 USDC/);
  await expect(page.getByTestId("terminal-view")).toHaveAttribute("data-kind", "succeeded", { timeout: 30_000 });
  expect(await evmTokenBalance(devnet, "USDC", merchant.evmAddress)).toBe(10_842_000n);
  expect(await merchantStatus(baseUrl, merchant, payment.paymentId)).toBe("succeeded");
});

test("a USD price paid in USDC shows no rate: 1:1 tells the buyer nothing (ETH beside it does)", async ({
  page,
  devnet,
  createPayment,
}, info) => {
  await installBuyerEvmWallet(page, { devnet, index: info.parallelIndex });
  const payment = await createPayment({ amount: { unit: "iso4217/USD", value: "1000" }, referenceId: "usd-no-rate" });
  await page.goto(payment.gatewayUrl);
  await connectWallet(page, "Test EVM Wallet");
  const usdc = page.getByRole("button", { name: /10\.00 USDC/ });
  await expect(usdc).toBeVisible();
  await expect(usdc.getByTestId("option-rate")).toHaveCount(0);
  // ETH, priced by its feed, does show one.
  await expect(page.getByRole("button", { name: /ETH/ }).getByTestId("option-rate")).toHaveText(/^1 USD = /);
});

test("a USD price paid in ETH: the option sends ether from the buyer's wallet at ETH/USD, and the merchant receives exactly that", async ({
  page,
  devnet,
  merchant,
  baseUrl,
  createPayment,
}, info) => {
  await installBuyerEvmWallet(page, { devnet, index: info.parallelIndex });
  const payment = await createPayment({ amount: { unit: "iso4217/USD", value: "1500" }, referenceId: "usd-in-eth" });
  await page.goto(payment.gatewayUrl);
  await connectWallet(page, "Test EVM Wallet");
  // 15.00 USD at the devnet's ETH/USD 3000 is 0.005 ETH.
  const eth = page.getByRole("button", { name: /0\.005 ETH/ });
  await expect(eth.getByTestId("option-rate")).toHaveText(/^1 USD = 0\.000333\d* ETH, updated \d+ (sec|min|hr)\. ago$/);
  await chooseAndPay(page, /0\.005 ETH/);
  await expect(page.getByTestId("terminal-view")).toHaveAttribute("data-kind", "succeeded", { timeout: 30_000 });
  expect(await evmNativeBalance(devnet, merchant.evmAddress)).toBe(5n * 10n ** 15n);
  expect(await merchantStatus(baseUrl, merchant, payment.paymentId)).toBe("succeeded");
});

test("a USD price paid in SOL: the Solana wallet signs a system transfer the service co-signs, and the merchant receives exactly SOL/USD's lamports", async ({
  page,
  devnet,
  merchant,
  baseUrl,
  createPayment,
}, info) => {
  const wallet = await installSolanaWallet(page, { secretKey: devnet.solana.buyers[info.parallelIndex]!.secretKey });
  const payment = await createPayment({ amount: { unit: "iso4217/USD", value: "1200" }, referenceId: "usd-in-sol" });
  await page.goto(payment.gatewayUrl);
  await connectWallet(page, "Test Solana Wallet");
  // 12.00 USD at the devnet's SOL/USD 150 is 0.08 SOL.
  const sol = page.getByRole("button", { name: /0\.08 SOL/ });
  await expect(sol.getByTestId("option-rate")).toHaveText(/^1 USD = 0\.00666\d* SOL, updated \d+ (sec|min|hr)\. ago$/);
  await chooseAndPay(page, /0\.08 SOL/);
  await expect(page.getByTestId("terminal-view")).toHaveAttribute("data-kind", "succeeded", { timeout: 30_000 });
  expect(wallet.calls.filter((c) => c === "signTransaction")).toHaveLength(1);
  // The merchant's address is new: it holds exactly the payment.
  expect(await solanaLamports(devnet, merchant.solanaAddress)).toBe(80_000_000n);
  expect(await merchantStatus(baseUrl, merchant, payment.paymentId)).toBe("succeeded");
});
