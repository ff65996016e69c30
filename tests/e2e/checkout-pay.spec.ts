import { expect, test } from "../support/e2e/fixtures";
import { evmTokenBalance, solanaUsdcBalance } from "../support/chain-balances";
import { captureView, chooseAndPay, connectWallet, merchantStatus, walletButton } from "../support/e2e/checkout-steps";
import { installBuyerEvmWallet, installEvmWallet } from "../support/e2e/wallets/evm-test-wallet";
import { installSolanaWallet } from "../support/e2e/wallets/solana-test-wallet";

// Each worker pays from its own buyer, so two workers never race for one account's EVM nonce.
const usd = (value: string, referenceId: string, extra: Record<string, unknown> = {}) => ({
  amount: { unit: "iso4217/USD", value },
  referenceId,
  ...extra,
});

test("EVM gasless: the page switches the wallet's chain, the buyer signs USDC typed data, the service relays it", async ({
  page,
  devnet,
  merchant,
  baseUrl,
  createPayment,
}, info) => {
  const buyer = devnet.evm.buyers[info.parallelIndex]!;
  const wallet = await installEvmWallet(page, {
    privateKey: buyer.privateKey,
    rpcUrl: devnet.evm.rpcUrl,
    chainId: devnet.evm.chainIdNumber,
    startChainId: 1,
  });
  const payment = await createPayment(usd("1250", "evm-gasless"));
  await page.goto(payment.gatewayUrl);
  await connectWallet(page, "Test EVM Wallet");
  await expect(page.getByTestId("connected-evm")).toContainText(buyer.address.slice(0, 6));
  const usdc = page.getByRole("button", { name: /12\.50 USDC/ });
  await expect(usdc).toContainText("Local EVM (anvil)");
  await expect(usdc).toContainText("No gas fee");
  await chooseAndPay(page, /12\.50 USDC/);
  await expect(page.getByTestId("terminal-view")).toHaveAttribute("data-kind", "succeeded", { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await expect(page.getByTestId("redirect-notice")).toHaveCount(0);

  expect(wallet.chainId()).toBe(devnet.evm.chainIdNumber);
  expect(wallet.calls).toContain("eth_signTypedData_v4");
  expect(wallet.calls).not.toContain("eth_sendTransaction");
  expect(await evmTokenBalance(devnet, "USDC", merchant.evmAddress)).toBe(12_500_000n);
  expect(await merchantStatus(baseUrl, merchant, payment.paymentId)).toBe("succeeded");
  await captureView(page, "success-generic");
});

test("EVM eth_sendTransaction: the buyer sends a USDT transfer and the service verifies its hash", async ({
  page,
  devnet,
  merchant,
  baseUrl,
  createPayment,
}, info) => {
  const buyer = devnet.evm.buyers[info.parallelIndex]!;
  const wallet = await installEvmWallet(page, {
    privateKey: buyer.privateKey,
    rpcUrl: devnet.evm.rpcUrl,
    chainId: devnet.evm.chainIdNumber,
  });
  const payment = await createPayment(usd("799", "evm-send"));
  await page.goto(payment.gatewayUrl);
  await connectWallet(page, "Test EVM Wallet");
  await chooseAndPay(page, /7\.99 USDT/);
  await expect(page.getByTestId("terminal-view")).toHaveAttribute("data-kind", "succeeded", { timeout: 30_000 });
  expect(wallet.calls).toContain("eth_sendTransaction");
  expect(await evmTokenBalance(devnet, "USDT", merchant.evmAddress)).toBe(7_990_000n);
  expect(await merchantStatus(baseUrl, merchant, payment.paymentId)).toBe("succeeded");
});

test("Solana: the wallet only signs; the service co-signs, broadcasts and the USDC arrives", async ({
  page,
  devnet,
  merchant,
  baseUrl,
  createPayment,
}, info) => {
  const buyer = devnet.solana.buyers[info.parallelIndex]!;
  const wallet = await installSolanaWallet(page, { secretKey: buyer.secretKey });
  const payment = await createPayment(usd("2000", "solana"));
  await page.goto(payment.gatewayUrl);
  await connectWallet(page, "Test Solana Wallet");
  await expect(page.getByTestId("connected-solana")).toContainText(buyer.publicKey.slice(0, 6));
  await chooseAndPay(page, /20\.00 USDC.*Local Solana/);
  await expect(page.getByTestId("terminal-view")).toHaveAttribute("data-kind", "succeeded", { timeout: 30_000 });
  expect(wallet.calls.filter((c) => c === "signTransaction")).toHaveLength(1);
  expect(await solanaUsdcBalance(devnet, merchant.solanaAddress)).toBe(20_000_000n);
  expect(await merchantStatus(baseUrl, merchant, payment.paymentId)).toBe("succeeded");
});

test("a wallet with EVM keys only sees EVM options, no Solana option and no error", async ({
  page,
  devnet,
  createPayment,
}, info) => {
  await installBuyerEvmWallet(page, { devnet, index: info.parallelIndex });
  const payment = await createPayment(usd("500", "evm-only"));
  const optionsRequests: string[] = [];
  page.on("request", (req) => {
    if (req.url().endsWith("/options")) optionsRequests.push(req.postData() ?? "");
  });
  await page.goto(payment.gatewayUrl);
  await connectWallet(page, "Test EVM Wallet");
  const options = page.getByTestId("payment-options").getByRole("button");
  await expect(options).toHaveCount(3); // USDC, USDT and ETH on the local EVM chain
  await expect(page.getByTestId("payment-options")).not.toContainText("Solana");
  // Token and network icons come as full URLs on PUBLIC_BASE_URL (for wallets); the page's CSP
  // must still let them load: two icons per option, each decoded.
  const icons = page.getByTestId("payment-options").locator("img");
  await expect(icons).toHaveCount(6);
  await expect
    .poll(() =>
      icons.evaluateAll(
        (imgs) =>
          imgs.filter((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0).length,
      ),
    )
    .toBe(6);
  // (Next.js keeps an empty route-announcer alert on every page.)
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveCount(0);
  // Spec 4.5 rule 1: only the accounts the wallet holds keys for were sent.
  expect(optionsRequests).toHaveLength(1);
  const { accounts } = JSON.parse(optionsRequests[0]!) as { accounts: string[] };
  expect(accounts.every((a) => a.startsWith("eip155:"))).toBe(true);
});

test("a mixed payment: connected to both, the buyer picks Solana and only the Solana wallet is asked", async ({
  page,
  devnet,
  createPayment,
}, info) => {
  const evm = await installBuyerEvmWallet(page, { devnet, index: info.parallelIndex });
  const solana = await installSolanaWallet(page, { secretKey: devnet.solana.buyers[info.parallelIndex]!.secretKey });
  const payment = await createPayment(usd("300", "mixed"));
  await page.goto(payment.gatewayUrl);
  await connectWallet(page, "Test EVM Wallet");
  await walletButton(page, "Test Solana Wallet").click();
  // USDC, USDT and ETH on the EVM chain; USDC and SOL on Solana.
  await expect(page.getByTestId("payment-options").getByRole("button")).toHaveCount(5);
  await chooseAndPay(page, /3\.00 USDC.*Local Solana/);
  await expect(page.getByTestId("terminal-view")).toHaveAttribute("data-kind", "succeeded", { timeout: 30_000 });
  expect(solana.calls).toContain("signTransaction");
  expect(evm.calls.filter((c) => c.startsWith("eth_sign") || c === "eth_sendTransaction")).toEqual([]);
});
