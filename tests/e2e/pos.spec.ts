import { captureView } from "../support/e2e/checkout-steps";
import { signInAsNewUser } from "../support/e2e/dashboard-steps";
import { expect, test, withTestDb } from "../support/e2e/fixtures";
import { createApiKey } from "@/lib/auth/create-api-key";
import { payEip681 } from "../support/e2e/phone-wallet";
import { readQr } from "../support/e2e/read-qr";

// A phone at a counter (390x844): the merchant sets it up from the dashboard's setup link, rings up
// 12.34 on the keypad and charges; the buyer's phone wallet pays the QR code on screen, and the
// counter shows the sale paid, its receipt and today's takings.

test.use({ viewport: { width: 390, height: 844 } });

test("a counter sets up from the dashboard, charges, is paid by a scanned request, prints a receipt and shows today's sales", async ({
  page,
  baseUrl,
  devnet,
  merchant,
}, info) => {
  test.setTimeout(120_000);
  // The merchant's dashboard: set up a point of sale; the link is shown once.
  await signInAsNewUser(page, { baseUrl, merchantId: merchant.merchantId, tag: "pos" });
  await page.goto(`${baseUrl}/dashboard/keys`);
  await page.getByLabel("Device name").fill("Front counter");
  await page.getByRole("button", { name: "Set up a point of sale" }).click();
  const setupUrl = (await page.getByTestId("pos-setup-url").textContent())!;
  expect(setupUrl).toMatch(/\/pos#merchant=.+&key=.+/);
  await expect(
    page.getByTestId("new-pos-key").getByRole("img", { name: "Setup code for the point of sale" }),
  ).toBeVisible();
  expect(await readQr(page.getByTestId("new-pos-key").getByRole("img"))).toBe(setupUrl);
  await expect(page.getByTestId("keys-table")).toContainText("Point of sale");

  // The key the link holds sells, and does nothing else: listing and refunds are refused (403, the scope named).
  const setup = new URLSearchParams(new URL(setupUrl).hash.slice(1));
  const asPos = { "api-key": setup.get("key")!, "merchant-id": setup.get("merchant")! };
  const listing = await page.request.get(`${baseUrl}/v1/payments`, { headers: asPos });
  expect(listing.status()).toBe(403);
  expect(await listing.json()).toMatchObject({ code: "insufficient_scope" });
  const refund = await page.request.post(`${baseUrl}/v1/refunds`, { headers: asPos, data: { paymentId: "pay_x" } });
  expect(refund.status()).toBe(403);

  // The counter's phone opens the link: the key is kept on the device and leaves the address bar.
  const counter = await page.context().newPage();
  await counter.goto(setupUrl);
  await expect(counter.getByTestId("pos-merchant")).toHaveText(merchant.name);
  expect(counter.url()).toBe(`${baseUrl}/pos`);
  await counter.reload();
  await expect(counter.getByTestId("pos-amount")).toHaveText("$0.00");
  await captureView(counter, "pos-keypad");

  for (const key of ["1", "2", "3", "4"]) await counter.getByRole("button", { name: key, exact: true }).click();
  await expect(counter.getByTestId("pos-amount")).toHaveText("$12.34");
  await counter.getByRole("button", { name: "Charge $12.34" }).click();

  // Full-screen QR of a payment request; pick USDC on the EVM network, the way a buyer's wallet would be asked.
  await expect(counter.getByTestId("charge-amount")).toHaveText("$12.34");
  await expect(counter.getByTestId("charge-status")).toHaveText("Waiting for payment…");
  const select = counter.getByTestId("request-select");
  const usdcOnEvm = (await select.locator("option").allTextContents()).find(
    (t) => t.startsWith("USDC on ") && !t.includes("Solana"),
  )!;
  await select.selectOption({ label: usdcOnEvm });
  await expect(counter.getByTestId("request-amount")).toContainText("12.340001 USDC");
  const qr = counter.getByTestId("pos-qr").getByRole("img");
  await expect.poll(() => readQr(qr)).toMatch(/^ethereum:0x[0-9a-fA-F]{40}@\d+\/transfer\?address=/);
  await captureView(counter, "pos-charge");

  const scanned = await readQr(qr);
  const buyer = devnet.evm.buyers[info.parallelIndex]!;
  await payEip681(scanned, { privateKey: buyer.privateKey, rpcUrl: devnet.evm.rpcUrl });

  await expect(counter.getByRole("heading", { name: "Paid" })).toBeVisible({ timeout: 30_000 });
  const receipt = counter.getByTestId("pos-receipt");
  await expect(receipt).toContainText(merchant.name);
  await expect(receipt).toContainText("$12.34");
  await expect(receipt).toContainText("12.340001 USDC");
  await captureView(counter, "pos-paid");

  // On paper: the receipt alone.
  await counter.emulateMedia({ media: "print" });
  await expect(receipt).toBeVisible();
  await expect(counter.getByRole("button", { name: "New sale" })).toBeHidden();
  await counter.screenshot({ path: "tests/artifacts/checkout/pos-receipt-print.png" });
  await counter.emulateMedia({ media: "screen" });

  await counter.getByRole("button", { name: "New sale" }).click();
  await counter.getByRole("button", { name: "Today's sales" }).click();
  await expect(counter.getByTestId("pos-totals")).toContainText("$12.34 paid in 1 sale");
  await captureView(counter, "pos-sales");
});

test("a sale the buyer walks away from is cancelled from the counter and shows as cancelled in today's sales", async ({
  page,
  baseUrl,
  merchant,
}) => {
  await signInAsNewUser(page, { baseUrl, merchantId: merchant.merchantId, tag: "pos-cancel" });
  await page.goto(`${baseUrl}/dashboard/keys`);
  await page.getByLabel("Device name").fill("Till 2");
  await page.getByRole("button", { name: "Set up a point of sale" }).click();
  const setupUrl = (await page.getByTestId("pos-setup-url").textContent())!;

  const counter = await page.context().newPage();
  await counter.goto(setupUrl);
  for (const key of ["5", "00"]) await counter.getByRole("button", { name: key, exact: true }).click();
  await counter.getByRole("button", { name: "Charge $5.00" }).click();
  await expect(counter.getByTestId("pos-qr").getByRole("img")).toBeVisible();
  // A slow network: the cancel takes a second and a half to reach the service. The counter stays on the
  // sale until the service has it cancelled, so today's sales, read next, cannot show it still open.
  await counter.route("**/cancel", async (route) => {
    await new Promise((r) => setTimeout(r, 1_500));
    await route.continue();
  });
  await counter.getByRole("button", { name: "Cancel sale" }).click();
  await expect(counter.getByRole("button", { name: "Cancel sale" })).toBeDisabled();
  await expect(counter.getByTestId("pos-amount")).toHaveText("$0.00");
  await counter.getByRole("button", { name: "Today's sales" }).click();
  await expect(counter.getByRole("row", { name: /\$5\.00 Cancelled/ })).toBeVisible();
});

test("without a key the counter asks to be set up, and a pasted link works as a scanned one", async ({
  page,
  baseUrl,
  merchant,
}) => {
  await page.goto(`${baseUrl}/pos`);
  await expect(page.getByRole("heading", { name: "Set up this point of sale" })).toBeVisible();
  await captureView(page, "pos-setup");
  const key = await withTestDb((db) =>
    createApiKey(db, { merchantId: merchant.merchantId, name: "Till 3", grant: { kind: "pos" } }),
  );
  await page.getByLabel("Setup link").fill(`${baseUrl}/pos#merchant=${merchant.merchantId}&key=${key.secret}`);
  await page.getByRole("button", { name: "Use this link" }).click();
  await expect(page.getByTestId("pos-merchant")).toHaveText(merchant.name);
  // A key the service refuses (revoked, or for no merchant at all) sends the counter back to setup with the reason.
  await page.evaluate(() => localStorage.setItem("pos-credentials", JSON.stringify({ merchantId: "m", key: "wrong" })));
  await page.reload();
  await expect(page.getByText("This device's key no longer works")).toBeVisible();
});

test.describe("in the seller's language", () => {
  test.use({ locale: "de-DE", extraHTTPHeaders: { "accept-language": "de-DE,de;q=0.9" } });

  test("a German counter shows German words and German amounts; an Arabic one is right to left", async ({
    page,
    baseUrl,
    merchant,
  }) => {
    const key = await withTestDb((db) =>
      createApiKey(db, { merchantId: merchant.merchantId, name: "Kasse", grant: { kind: "pos" } }),
    );
    await page.goto(`${baseUrl}/pos#merchant=${merchant.merchantId}&key=${key.secret}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    for (const k of ["1", "2", "3", "4", "5", "6"]) await page.getByRole("button", { name: k, exact: true }).click();
    await expect(page.getByTestId("pos-amount")).toHaveText("1.234,56 $");
    await expect(page.getByRole("button", { name: "1.234,56 $ kassieren" })).toBeVisible();
    await page.getByRole("button", { name: "Heutige Verkäufe" }).click();
    await expect(page.getByRole("heading", { name: "Heutige Verkäufe" })).toBeVisible();
    await captureView(page, "pos-sales-de");

    await page.getByLabel("Sprache").selectOption("ar");
    await page.getByRole("button", { name: "Ändern" }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("button", { name: "مبيعات اليوم" })).toBeVisible();
    await captureView(page, "pos-keypad-ar");
  });
});
