import { gatewayAt, optionForDevnetBuyer, withTransferAmount } from "../support/devnet-buyer";
import { expect, test } from "../support/e2e/fixtures";
import { captureView, chooseAndPay, connectWallet, waitForGatewayStatus } from "../support/e2e/checkout-steps";
import { installBuyerEvmWallet } from "../support/e2e/wallets/evm-test-wallet";
import { installSolanaWallet } from "../support/e2e/wallets/solana-test-wallet";

const usd = (value: string, referenceId: string, extra: Record<string, unknown> = {}) => ({
  amount: { unit: "iso4217/USD", value },
  referenceId,
  ...extra,
});

test("with both HTTPS URLs the buyer is sent to the success URL with the payment id after a countdown", async ({
  page,
  devnet,
  createPayment,
}, info) => {
  // The merchant's site is not on this machine: answer for it in the browser.
  await page.route("https://shop.example/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Shop</title><h1>Thanks from the shop</h1>" }),
  );
  await installBuyerEvmWallet(page, { devnet, index: info.parallelIndex });
  const payment = await createPayment(
    usd("1500", "redirect", {
      checkout: { successUrl: "https://shop.example/thanks?order=42", errorUrl: "https://shop.example/failed" },
    }),
  );
  await page.goto(payment.gatewayUrl);
  await connectWallet(page, "Test EVM Wallet");
  await chooseAndPay(page, /15\.00 USDC/);
  await expect(page.getByTestId("redirect-notice")).toContainText("Returning to the merchant", { timeout: 30_000 });
  await captureView(page, "success-redirecting", { axe: false });
  await page.waitForURL(/^https:\/\/shop\.example\/thanks/, { timeout: 10_000 });
  const landed = new URL(page.url());
  expect(landed.searchParams.get("order")).toBe("42");
  expect(landed.searchParams.get("payment_id")).toBe(payment.paymentId);
  await expect(page.getByRole("heading", { name: "Thanks from the shop" })).toBeVisible();
});

test("with a URL that is not HTTPS the buyer stays on a generic success view", async ({
  page,
  devnet,
  createPayment,
}, info) => {
  let leftTheCheckout = false;
  await page.route("http://shop.example/**", (route) => {
    leftTheCheckout = true;
    return route.fulfill({ body: "no" });
  });
  await installBuyerEvmWallet(page, { devnet, index: info.parallelIndex });
  const payment = await createPayment(
    usd("100", "no-redirect", {
      checkout: { successUrl: "http://shop.example/thanks", errorUrl: "https://shop.example/failed" },
    }),
  );
  await page.goto(payment.gatewayUrl);
  await connectWallet(page, "Test EVM Wallet");
  await chooseAndPay(page, /1\.00 USDC/);
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("redirect-notice")).toHaveCount(0);
  // The view a redirect would leave from has none scheduled: nothing will take the buyer away.
  await expect(page.getByTestId("terminal-view")).toHaveAttribute("data-redirect", "none");
  expect(new URL(page.url()).pathname).toBe("/pay");
  expect(leftTheCheckout).toBe(false);
});

test("opening a paid payment again shows it as already paid", async ({ page, devnet, createPayment }, info) => {
  await installBuyerEvmWallet(page, { devnet, index: info.parallelIndex });
  const payment = await createPayment(usd("250", "paid-twice"));
  await page.goto(payment.gatewayUrl);
  await connectWallet(page, "Test EVM Wallet");
  await chooseAndPay(page, /2\.50 USDC/);
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible({ timeout: 30_000 });
  await page.goto(payment.gatewayUrl);
  await expect(page.getByRole("heading", { name: "Already paid" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Connect a wallet" })).toHaveCount(0);
  await captureView(page, "already-paid");
});

test("a payment that expires while the page is open turns into the expired view", async ({ page, createPayment }) => {
  const payment = await createPayment(usd("100", "expires-open", { expiresAt: Math.floor(Date.now() / 1000) + 4 }));
  await page.goto(payment.gatewayUrl);
  await expect(page.getByRole("button", { name: "Connect a wallet" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Payment expired" })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole("button", { name: "Connect a wallet" })).toHaveCount(0);
  await captureView(page, "expired");
});

test("an expired payment with both HTTPS URLs sends the buyer to the error URL", async ({
  page,
  baseUrl,
  createPayment,
}) => {
  await page.route("https://shop.example/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Shop</title><h1>Order not paid</h1>" }),
  );
  const payment = await createPayment(
    usd("100", "expired-redirect", {
      expiresAt: Math.floor(Date.now() / 1000) + 2,
      checkout: { successUrl: "https://shop.example/ok", errorUrl: "https://shop.example/failed" },
    }),
  );
  await waitForGatewayStatus(baseUrl, payment.paymentId, "expired");
  await page.goto(payment.gatewayUrl);
  await page.waitForURL(/^https:\/\/shop\.example\/failed\?payment_id=/, { timeout: 10_000 });
});

test("a rejected signature says so, keeps the payment open, and the buyer can retry", async ({
  page,
  devnet,
  baseUrl,
  merchant,
  createPayment,
}, info) => {
  const wallet = await installBuyerEvmWallet(page, { devnet, index: info.parallelIndex });
  const payment = await createPayment(usd("400", "reject"));
  await page.goto(payment.gatewayUrl);
  await connectWallet(page, "Test EVM Wallet");
  wallet.rejectNext();
  await chooseAndPay(page, /4\.00 USDC/);
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toContainText(
    "You rejected the request in your wallet",
  );
  await expect(page.getByTestId("payment-status")).toHaveText("Awaiting payment");
  await captureView(page, "signature-rejected");
  const status = await fetch(`${baseUrl}/v1/merchant/payment/${payment.paymentId}/status`, {
    headers: { "api-key": merchant.apiKey, "merchant-id": merchant.merchantId },
  });
  expect(((await status.json()) as { status: string }).status).toBe("pending");
  await page.getByRole("button", { name: /^Pay \d/ }).click();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible({ timeout: 30_000 });
});

test("a rejected Solana signature is reported the same way", async ({ page, devnet, createPayment }, info) => {
  const wallet = await installSolanaWallet(page, { secretKey: devnet.solana.buyers[info.parallelIndex]!.secretKey });
  const payment = await createPayment(usd("400", "reject-sol"));
  await page.goto(payment.gatewayUrl);
  await connectWallet(page, "Test Solana Wallet");
  wallet.rejectNext();
  await chooseAndPay(page, /4\.00 USDC/);
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toContainText(
    "You rejected the request in your wallet",
  );
});

test("a wallet that refuses to switch networks is told which network to use", async ({
  page,
  devnet,
  createPayment,
}, info) => {
  const wallet = await installBuyerEvmWallet(page, {
    devnet,
    index: info.parallelIndex,
    extra: { startChainId: 1, allowSwitch: false },
  });
  const payment = await createPayment(usd("100", "wrong-network"));
  await page.goto(payment.gatewayUrl);
  await connectWallet(page, "Test EVM Wallet");
  await chooseAndPay(page, /1\.00 USDC/);
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toContainText(
    "Switch your wallet to Local EVM (anvil)",
  );
  expect(wallet.calls).not.toContain("eth_signTypedData_v4");
  await captureView(page, "wrong-network");
});

test("a wallet holding no token the payment can be made in is told so", async ({
  page,
  devnet,
  createPayment,
}, info) => {
  await installBuyerEvmWallet(page, { devnet, index: info.parallelIndex });
  // The local tokens are pegged to USD and the devnet has no CHF/USD feed: nothing can pay francs.
  const payment = await createPayment({ amount: { unit: "iso4217/CHF", value: "1000" }, referenceId: "no-token" });
  await page.goto(payment.gatewayUrl);
  await connectWallet(page, "Test EVM Wallet");
  await expect(page.getByTestId("no-options")).toContainText("no token this merchant accepts");
  await captureView(page, "no-accepted-tokens");
});

test("keyboard only: connect, choose and pay without a mouse", async ({ page, devnet, createPayment }, info) => {
  await installBuyerEvmWallet(page, { devnet, index: info.parallelIndex });
  const payment = await createPayment(usd("600", "keyboard"));
  await page.goto(payment.gatewayUrl);
  await captureView(page, "checkout-open");
  // Tab until the focused element's text matches, then press the key: no mouse, no click().
  const press = async (target: RegExp, key = "Enter") => {
    await expect(page.getByRole("button", { name: target }).first()).toBeVisible();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      const text = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
      if (target.test(text)) return page.keyboard.press(key);
    }
    throw new Error(`could not reach ${target} with Tab`);
  };
  await press(/^Connect a wallet$/);
  await press(/^Test EVM Wallet/);
  await press(/^6\.00 USDC/, "Space");
  await expect(page.getByRole("button", { name: /^6\.00 USDC/ })).toHaveAttribute("aria-pressed", "true");
  await press(/^Pay 6\.00 USDC$/);
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible({ timeout: 30_000 });
});

test("a payment that fails on chain shows the failure view, or sends the buyer to the error URL when both URLs are HTTPS", async ({
  page,
  baseUrl,
  devnet,
  createPayment,
}, info) => {
  // A failure the settlement watcher records from the chain: the buyer's wallet sent 0.50 USDT of
  // the 1.00 asked (a transfer still bound to the payment by its reference), so the payment fails
  // as underpaid. This worker's own buyer: the transfer uses its account's nonce.
  const server = { url: baseUrl };
  const payShort = async (paymentId: string) => {
    const { option, wallet } = await optionForDevnetBuyer(server, {
      paymentId,
      namespace: "eip155",
      symbol: "USDT",
      buyerIndex: info.parallelIndex,
      devnet,
    });
    const hash = await wallet(withTransferAmount(option.actions[0]!, 500_000n));
    expect(
      (await gatewayAt(server, { paymentId, path: "/confirm", body: { optionId: option.id, results: [hash] } })).status,
    ).toBe(200);
    await waitForGatewayStatus(baseUrl, paymentId, "failed");
  };
  const generic = await createPayment(usd("100", "failed"));
  await payShort(generic.paymentId);
  await page.goto(generic.gatewayUrl);
  await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();
  // The buyer's 0.50 USDT reached the merchant: the view must not say nothing was taken, and gives
  // the reference to claim it with.
  await expect(page.getByText(/no funds were taken/i)).toHaveCount(0);
  await expect(page.getByText(/went to the merchant/)).toBeVisible();
  await expect(page.getByTestId("payment-reference")).toHaveText(`Payment reference ${generic.paymentId}`);
  await expect(page.getByTestId("redirect-notice")).toHaveCount(0);
  await captureView(page, "failed");

  await page.route("https://shop.example/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Shop</title><h1>Payment failed</h1>" }),
  );
  const redirecting = await createPayment(
    usd("100", "failed-redirect", {
      checkout: { successUrl: "https://shop.example/ok", errorUrl: "https://shop.example/failed" },
    }),
  );
  await payShort(redirecting.paymentId);
  await page.goto(redirecting.gatewayUrl);
  await page.waitForURL(`https://shop.example/failed?payment_id=${redirecting.paymentId}`, { timeout: 10_000 });
});

test("the buyer cancels: asked once more, then the cancelled view, back to the error URL, and the merchant reads cancelled", async ({
  page,
  baseUrl,
  merchant,
  createPayment,
}) => {
  await page.route("https://shop.example/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Shop</title><h1>Order cancelled</h1>" }),
  );
  const payment = await createPayment(
    usd("700", "buyer-cancels", {
      checkout: { successUrl: "https://shop.example/ok", errorUrl: "https://shop.example/cancelled" },
    }),
  );
  await page.goto(payment.gatewayUrl);
  await page.getByRole("button", { name: "Cancel payment" }).click();
  // Changing one's mind keeps the payment open.
  await page.getByRole("button", { name: "Keep paying" }).click();
  await expect(page.getByRole("button", { name: "Connect a wallet" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel payment" }).click();
  await captureView(page, "cancel-asking");
  await page.getByRole("button", { name: "Yes, cancel" }).click();
  await expect(page.getByRole("heading", { name: "Payment cancelled" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Connect a wallet" })).toHaveCount(0);
  await page.waitForURL(/^https:\/\/shop\.example\/cancelled\?payment_id=/, { timeout: 10_000 });
  expect(new URL(page.url()).searchParams.get("payment_id")).toBe(payment.paymentId);

  const res = await fetch(`${baseUrl}/v1/payments/${payment.paymentId}/status`, {
    headers: { "api-key": merchant.apiKey, "merchant-id": merchant.merchantId },
  });
  expect(await res.json()).toMatchObject({ status: "cancelled", isFinal: true });
});
