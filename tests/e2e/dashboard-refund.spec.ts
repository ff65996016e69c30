import { join } from "node:path";
import { Connection, Keypair, LAMPORTS_PER_SOL } from "@solana/web3.js";
import { eq } from "drizzle-orm";
import { merchants } from "@/db/schema";
import { encodeBase58 } from "@/lib/chains/solana/base58";
import { evmTokenBalance, solanaLamports } from "../support/chain-balances";
import { ARTIFACTS } from "../support/server";
import { payAsDevnetBuyer, walletButton } from "../support/e2e/checkout-steps";
import { expectAccessible } from "../support/e2e/axe";
import { signInAsNewUser } from "../support/e2e/dashboard-steps";
import { expect, test, withTestDb } from "../support/e2e/fixtures";
import { installEvmWallet } from "../support/e2e/wallets/evm-test-wallet";
import { installSolanaWallet } from "../support/e2e/wallets/solana-test-wallet";

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
  await payAsDevnetBuyer(baseUrl, {
    merchant,
    paymentId: payment.paymentId,
    pay: {
      namespace: "eip155",
      symbol: "USDC",
      index: info.parallelIndex,
      devnet,
    },
  });

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

  const email = await signInAsNewUser(page, { baseUrl, merchantId: merchant.merchantId, tag: "refund" });

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

test("Refund from my wallet on Solana: a SOL payment goes back from the merchant's Solana wallet, which signs and pays the fee", async ({
  page,
  baseUrl,
  devnet,
  merchant,
  createPayment,
}, info) => {
  test.setTimeout(120_000);
  // The shop receives SOL at an address whose key this test holds, with SOL of its own for the refund's fee.
  const merchantKey = Keypair.generate();
  const connection = new Connection(devnet.solana.rpcUrl, "confirmed");
  const airdrop = await connection.requestAirdrop(merchantKey.publicKey, LAMPORTS_PER_SOL);
  await connection.confirmTransaction({ signature: airdrop, ...(await connection.getLatestBlockhash()) });
  await withTestDb((db) =>
    db
      .update(merchants)
      .set({ solanaAddress: merchantKey.publicKey.toBase58() })
      .where(eq(merchants.id, merchant.merchantId)),
  );
  const buyer = devnet.solana.buyers[info.parallelIndex]!;
  const payment = await createPayment({ amount: { unit: "iso4217/USD", value: "1500" }, referenceId: "sol-refund" });
  await payAsDevnetBuyer(baseUrl, {
    merchant,
    paymentId: payment.paymentId,
    pay: {
      namespace: "solana",
      symbol: "SOL",
      index: info.parallelIndex,
      devnet,
    },
  });

  const wallet = await installSolanaWallet(page, { secretKey: encodeBase58(merchantKey.secretKey) });
  await signInAsNewUser(page, { baseUrl, merchantId: merchant.merchantId, tag: "sol-refund" });
  // Sign-in names a client address of its own in X-Forwarded-For on every request of the page; the
  // page's own calls to the Solana RPC must go out as a browser sends them (that header fails CORS).
  await page.setExtraHTTPHeaders({});
  await page.goto(`${baseUrl}/dashboard/payments/${payment.paymentId}`);
  await page.getByRole("button", { name: "Refund from my wallet" }).click();
  await walletButton(page, "Test Solana Wallet").click();
  const before = await solanaLamports(devnet, buyer.publicKey);
  // 15.00 USD at SOL/USD 150: 0.1 SOL.
  await page.getByRole("button", { name: "Send 0.1 SOL to the buyer" }).click();

  await expect(page.getByTestId("refund-record")).toHaveText(/^Refunded on /, { timeout: 30_000 });
  expect(wallet.calls).toContain("signTransaction");
  expect(await solanaLamports(devnet, buyer.publicKey)).toBe(before + 100_000_000n);
  await expect(page.getByTestId("refund-tx")).toBeVisible();
});
