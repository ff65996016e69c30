import { CHECKOUT_FIRST_LOAD_LIMIT_KB, collectScripts, kb, sumOf } from "../support/script-weights";
import { expect, test } from "../support/e2e/fixtures";

// Measured against the production build like `npm run bench:bundle`; a phone on a slow network pays
// for every kilobyte before the buyer can press anything.
test(`the checkout's first load is at most ${CHECKOUT_FIRST_LOAD_LIMIT_KB} KB of gzip JavaScript, and the wallet code comes only with "Connect a wallet"`, async ({
  page,
  createPayment,
}) => {
  const payment = await createPayment({ amount: { unit: "iso4217/USD", value: "990" }, referenceId: "weight" });
  const scripts = collectScripts(page);
  // The status long poll keeps a request open, so "network idle" never comes: wait for hydration.
  await page.goto(payment.gatewayUrl, { waitUntil: "load" });
  const connect = page.getByRole("button", { name: "Connect a wallet" });
  await connect.waitFor();
  await page.waitForTimeout(1500);
  const firstLoad = [...scripts];
  const listing = firstLoad.map((s) => `${kb(s.gzip)} KB ${s.url}`).join("\n");
  expect(
    sumOf(firstLoad, "gzip"),
    `first load ${kb(sumOf(firstLoad, "gzip"))} KB gzip:\n${listing}`,
  ).toBeLessThanOrEqual(CHECKOUT_FIRST_LOAD_LIMIT_KB * 1024);

  // Everything the buyer could do still works from there: the wallet libraries (wagmi, viem, the
  // Solana wallet adapter: well over 100 KB gzip) arrive now, not before.
  await connect.click();
  await expect(page.getByRole("heading", { name: "Choose a wallet" })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(sumOf(scripts.slice(firstLoad.length), "gzip")).toBeGreaterThan(100 * 1024);
});
