import { expect, test } from "../support/e2e/fixtures";
import { captureView, payAsDevnetBuyer } from "../support/e2e/checkout-steps";
import { installBuyerEvmWallet } from "../support/e2e/wallets/evm-test-wallet";

// 1,234.56 EUR: enough for the locale's thousands separator to show.
const eur = (referenceId: string) => ({ amount: { unit: "iso4217/EUR", value: "123456" }, referenceId });

test.describe("a German browser", () => {
  test.use({ locale: "de-DE" });

  test("gets the checkout in German, amounts and times as German writes them", async ({
    page,
    devnet,
    createPayment,
  }, info) => {
    await installBuyerEvmWallet(page, { devnet, index: info.parallelIndex });
    const payment = await createPayment(eur("de"));
    await page.goto(payment.gatewayUrl);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page.getByTestId("fiat-amount")).toHaveText("1.234,56 €");
    await expect(page.getByText("Zu zahlen")).toBeVisible();
    await expect(page.getByTestId("payment-status")).toHaveText("Zahlung ausstehend");
    await expect(page.getByTestId("time-left")).toHaveText(/^Noch 1[45]:\d\d$/);
    // The time alone when the payment ends today; with its German date when it ends after midnight (a run near 00:00).
    await expect(page.getByTestId("expires-at")).toHaveText(/^Gültig bis (\d\d\.\d\d\.\d{4}, )?\d\d:\d\d$/);
    await captureView(page, "i18n-de");

    // The phone wallet's payment requests, in German with German separators.
    await page.getByText("Mit einer Handy-Wallet bezahlen").click();
    await expect(page.getByLabel("Netzwerk und Asset")).toBeVisible();
    await expect(page.getByTestId("request-amount")).toHaveText(/^Senden Sie genau 1\.338,5\d* USDC über .+$/);
    await captureView(page, "i18n-de-phone-wallet");

    await page.getByRole("button", { name: "Wallet verbinden" }).click();
    await page.getByRole("button", { name: /^Test EVM Wallet/ }).click();
    // 1.234,56 € at the devnet's EUR/USD 1,0842, in USDC with German separators.
    const usdc = page.getByRole("button", { name: /1\.338,5\d* USDC/ });
    await expect(usdc.getByTestId("option-rate")).toHaveText(
      /^1 EUR = 1,0842 USDC, aktualisiert vor \d+ (Sek|Min|Std)\.$/,
    );
    await usdc.click();
    await expect(page.getByRole("button", { name: /^1\.338,5\d* USDC bezahlen$/ })).toBeEnabled();
    await captureView(page, "i18n-de-options");
  });
});

test.describe("an Arabic browser", () => {
  test.use({ locale: "ar-EG" });

  test("gets the checkout right to left, in Arabic, with the amount in the digits wallets show", async ({
    page,
    createPayment,
  }) => {
    const payment = await createPayment(eur("ar"));
    await page.goto(payment.gatewayUrl);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.getByTestId("payment-status")).toHaveText("بانتظار الدفع");
    await expect(page.getByRole("button", { name: "ربط محفظة" })).toBeVisible();
    await expect(page.getByTestId("fiat-amount")).toContainText("1,234.56");
    await expect(page.getByTestId("fiat-amount")).toContainText("€");
    await captureView(page, "i18n-ar");
  });
});

test("English stays the default, and the switcher changes the language for good", async ({ page, createPayment }) => {
  const payment = await createPayment(eur("switch"));
  await page.goto(payment.gatewayUrl);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByTestId("fiat-amount")).toHaveText("€1,234.56");
  await page.getByLabel("Language").selectOption({ label: "Français" });
  await page.getByRole("button", { name: "Change" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("button", { name: "Connecter un portefeuille" })).toBeVisible();
  await expect(page.getByTestId("fiat-amount")).toHaveText("1 234,56 €");
  expect(new URL(page.url()).searchParams.get("pid")).toBe(payment.paymentId);
  // The choice is kept: a fresh visit is in French too.
  await page.goto(payment.gatewayUrl);
  await expect(page.getByTestId("payment-status")).toHaveText("En attente de paiement");
  await expect(page.getByLabel("Langue")).toHaveValue("fr");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, locale: "de-DE" });

  test("the pending page shows the payment, refreshes itself until it is paid, and the switcher works", async ({
    page,
    baseUrl,
    devnet,
    merchant,
    createPayment,
  }, info) => {
    const payment = await createPayment(eur("nojs"));
    await page.goto(payment.gatewayUrl);
    await expect(page.getByTestId("fiat-amount")).toHaveText("1.234,56 €");
    await expect(page.getByTestId("payment-status")).toHaveText("Zahlung ausstehend");
    await expect(page.locator('noscript meta[http-equiv="refresh"]')).toHaveAttribute("content", /^\d+$/);
    await expect(page.getByTestId("noscript-note")).toBeVisible();
    // axe needs scripts in the page: it checks these views with JavaScript (above, and checkout-views' already-paid).
    await captureView(page, "i18n-de-nojs", { axe: false });

    await page.getByLabel("Sprache").selectOption({ label: "English" });
    await page.getByRole("button", { name: "Ändern" }).click();
    await expect(page.getByTestId("payment-status")).toHaveText("Awaiting payment");

    // Paid from elsewhere (a phone): the page learns of it by refreshing itself.
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
    // A page loaded after the payment calls it already paid (the view is rendered by the server).
    await expect(page.getByTestId("payment-status")).toHaveText("Paid", { timeout: 20_000 });
    await expect(page.getByRole("heading", { name: "Already paid" })).toBeVisible();
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
    await captureView(page, "i18n-paid-nojs", { axe: false });
  });
});

test("with JavaScript nothing reloads the page: the refresh stays inert inside <noscript>", async ({
  page,
  createPayment,
}) => {
  const payment = await createPayment(eur("js"));
  const html = await (await fetch(payment.gatewayUrl)).text();
  expect(html).toMatch(/<noscript><meta http-equiv="refresh" content="\d+"\/>/);
  await page.goto(payment.gatewayUrl);
  await expect(page.getByRole("button", { name: "Connect a wallet" })).toBeVisible();
  expect(await page.evaluate(() => document.querySelectorAll('meta[http-equiv="refresh"]').length)).toBe(0);
});
