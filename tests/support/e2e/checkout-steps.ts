import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import type { DevnetInfo } from "@payment-service/devnet";
import { confirmAt, signWithDevnetBuyer } from "../devnet-buyer";
import { ARTIFACTS } from "../server";
import { seriousAxeViolations } from "./axe";

/** Wait until the gateway reports the payment `status` (a merchant's or wallet's poll would see the same). */
export async function waitForGatewayStatus(baseUrl: string, paymentId: string, status: string): Promise<void> {
  await expect
    .poll(
      async () =>
        ((await (await fetch(`${baseUrl}/v1/gateway/payment/${paymentId}/status`)).json()) as { status: string })
          .status,
      { timeout: 15_000 },
    )
    .toBe(status);
}

/** What a buyer does: open the wallet list, pick a wallet, pick how to pay, press Pay. */
export async function connectWallet(page: Page, walletName: string) {
  await page.getByRole("button", { name: "Connect a wallet" }).click();
  await walletButton(page, walletName).click();
}

/** The button that connects a wallet (not the "Disconnect <wallet>" one). */
export const walletButton = (page: Page, walletName: string) =>
  page.getByRole("button", { name: new RegExp(`^${walletName}`) });

export async function chooseAndPay(page: Page, option: RegExp) {
  await page.getByRole("button", { name: option }).click();
  await page.getByRole("button", { name: /^Pay \d/ }).click();
}

/**
 * The page as it is now: a screenshot under tests/artifacts/ and no serious or critical axe finding.
 * `axe: false` only for a view about to navigate away (axe would run into the navigation).
 */
export async function captureView(page: Page, name: string, opts: { axe?: boolean } = {}) {
  await page.screenshot({ path: join(ARTIFACTS, "checkout", `${name}.png`), fullPage: true });
  if (opts.axe === false) return;
  expect(await seriousAxeViolations(page)).toEqual([]);
}

export async function merchantStatus(
  baseUrl: string,
  merchant: { apiKey: string; merchantId: string },
  paymentId: string,
): Promise<string> {
  const res = await fetch(`${baseUrl}/v1/merchant/payment/${paymentId}/status`, {
    headers: { "api-key": merchant.apiKey, "merchant-id": merchant.merchantId },
  });
  return ((await res.json()) as { status: string }).status;
}

/**
 * Devnet buyer `index` pays the payment as a wallet does (options, sign, confirm answered 200) in
 * `symbol` on `namespace`, and the merchant then reads it succeeded.
 */
export async function payAsDevnetBuyer(
  baseUrl: string,
  {
    merchant,
    paymentId,
    pay,
  }: {
    merchant: { apiKey: string; merchantId: string };
    paymentId: string;
    pay: { namespace: "eip155" | "solana"; symbol: string; index: number; devnet: DevnetInfo };
  },
): Promise<void> {
  const server = { url: baseUrl };
  const signed = await signWithDevnetBuyer(server, {
    paymentId,
    namespace: pay.namespace,
    symbol: pay.symbol,
    buyerIndex: pay.index,
    devnet: pay.devnet,
  });
  expect((await confirmAt(server, signed))?.status).toBe(200);
  await expect.poll(() => merchantStatus(baseUrl, merchant, paymentId), { timeout: 30_000 }).toBe("succeeded");
}
