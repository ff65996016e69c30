import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { gatewayAt } from "../support/devnet-buyer";
import { captureView, merchantStatus } from "../support/e2e/checkout-steps";
import { expect, test, withTestDb } from "../support/e2e/fixtures";
import { payEip681 } from "../support/e2e/phone-wallet";
import { readQr } from "../support/e2e/read-qr";
import { createPaymentWith } from "../support/devnet-buyer";
import { formatTokenAmount } from "@/components/checkout/wallet/format-token-amount";
import { createMerchant } from "@/lib/merchants/create-merchant";

// The buyer is on a desktop and pays with the wallet app on their phone: it scans the QR code the
// checkout shows and sends what it says, with no page open and no confirm. The checkout, still open on
// the desktop, must turn to success on its own.

type WireRequest = {
  chainId: string;
  asset: string;
  kind: string;
  uri: string;
  amount: { value: string; display: { assetSymbol: string; decimals: number; networkName: string } };
};

/** The requests as a wallet reads them from the gateway (asking again while they hold answers the same). */
async function requestsOf(baseUrl: string, paymentId: string): Promise<WireRequest[]> {
  const res = await gatewayAt({ url: baseUrl }, { paymentId, path: "/payment-requests" });
  expect(res.status).toBe(200);
  return ((await res.json()) as { requests: WireRequest[] }).requests;
}

/** What the buyer must send, every digit of it: "12.500001 USDC on Base". */
const exactly = (r: WireRequest) =>
  `${formatTokenAmount(r.amount.value, r.amount.display.decimals)} ${r.amount.display.assetSymbol} on ${r.amount.display.networkName}`;
const labelOf = (r: WireRequest) => `${r.amount.display.assetSymbol} on ${r.amount.display.networkName}`;

test("a phone wallet pays the scanned payment request and the open checkout turns to success by itself", async ({
  page,
  baseUrl,
  devnet,
  merchant,
  createPayment,
}, info) => {
  const payment = await createPayment({ amount: { unit: "iso4217/USD", value: "1250" }, referenceId: "phone" });
  await page.goto(payment.gatewayUrl);
  await page.getByText("Pay with a phone wallet").click();
  const qr = page.getByTestId("request-qr");
  const uri = page.getByTestId("request-uri");
  const amount = page.getByTestId("request-amount");
  const select = page.getByLabel("Network and asset");
  await expect(qr).toBeVisible();

  const requests = await requestsOf(baseUrl, payment.paymentId);
  // Solana first, as the gateway orders them; the merchant receives on both namespaces.
  expect(requests[0]!.kind).toBe("solana-pay-transfer");
  expect(requests.some((r) => r.kind === "eip681")).toBe(true);
  await expect(select.locator("option")).toHaveText(requests.map(labelOf));

  // The first request is shown: the code a scanner reads is the URI the page offers to copy.
  const firstScan = await readQr(qr);
  expect(firstScan).toBe(requests[0]!.uri);
  await expect(uri).toHaveValue(firstScan);
  await expect(amount).toHaveText(`Send exactly ${exactly(requests[0]!)}`);
  // captureView runs axe (expectAccessible waits for network idle, which the status long-poll never gives).
  await captureView(page, "phone-wallet-solana");

  // Another asset: code, URI and amount all follow. EIP-681 USDC carries the unique amount that binds it.
  const evmUsdc = requests.find((r) => r.kind === "eip681" && r.amount.display.assetSymbol === "USDC")!;
  await select.selectOption({ label: labelOf(evmUsdc) });
  await expect(uri).toHaveValue(evmUsdc.uri);
  expect(evmUsdc.amount.value).toBe("12500001");
  await expect(amount).toHaveText(`Send exactly ${exactly(evmUsdc)}`);
  await expect.poll(() => readQr(qr)).toBe(evmUsdc.uri);
  await expect(qr).toHaveAttribute("alt", `QR code of a payment request for ${exactly(evmUsdc)}`);
  await captureView(page, "phone-wallet-evm");

  // The phone wallet pays what it scanned; the desktop page is never reloaded.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const scanned = await readQr(qr);
  const buyer = devnet.evm.buyers[info.parallelIndex]!;
  await payEip681(scanned, { privateKey: buyer.privateKey, rpcUrl: devnet.evm.rpcUrl });
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(await merchantStatus(baseUrl, merchant, payment.paymentId)).toBe("succeeded");
  await expect(page.getByText("Pay with a phone wallet")).toHaveCount(0);
});

test("the page's own link stays available as a QR code under 'Open on another device'", async ({
  page,
  createPayment,
}) => {
  const payment = await createPayment({ amount: { unit: "iso4217/USD", value: "300" }, referenceId: "link-qr" });
  await page.goto(payment.gatewayUrl);
  await page.getByText("Open on another device").click();
  const qr = page.getByTestId("link-qr");
  await expect(qr).toBeVisible();
  expect(await readQr(qr)).toBe(payment.gatewayUrl);
  await expect(page.getByTestId("payment-link")).toHaveValue(payment.gatewayUrl);
  // Nothing was asked of the gateway's requests while the phone-wallet view stayed closed.
  await expect(page.getByTestId("request-qr")).toHaveCount(0);
});

test("a merchant paid only on EVM networks gets EIP-681 requests only", async ({ page, baseUrl }) => {
  const evmAddress = privateKeyToAccount(generatePrivateKey()).address;
  const evmOnly = await withTestDb((db) =>
    createMerchant(db, { name: `EVM Only ${Date.now() % 100000}`, currency: "USD", evmAddress }),
  );
  const payment = await createPaymentWith({ url: baseUrl }, evmOnly, {
    amount: { unit: "iso4217/USD", value: "500" },
    referenceId: "evm-only",
  });
  await page.goto(payment.gatewayUrl);
  await page.getByText("Pay with a phone wallet").click();
  await expect(page.getByTestId("request-qr")).toBeVisible();
  const requests = await requestsOf(baseUrl, payment.paymentId);
  expect(requests.length).toBeGreaterThan(0);
  expect(requests.every((r) => r.kind === "eip681")).toBe(true);
  await expect(page.getByLabel("Network and asset").locator("option")).toHaveText(requests.map(labelOf));
  expect(await readQr(page.getByTestId("request-qr"))).toMatch(/^ethereum:/);
});
