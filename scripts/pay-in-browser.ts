/**
 * Pay a checkout link as a buyer would: Debian's Chromium opens the link with test wallets
 * injected (an EIP-6963 EVM wallet and a Wallet Standard Solana wallet holding the running devnet's
 * first test buyer's keys), connects, picks USDC, pays and waits for the result page.
 *
 *   npx tsx scripts/pay-in-browser.ts <gatewayUrl> [--solana] [--headed]
 *
 * Saves a screenshot of the result to tests/artifacts/pay-in-browser.png.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { DEFAULT_INFO_FILE, type DevnetInfo } from "@payment-service/devnet";
import { installEvmWallet } from "../tests/support/e2e/wallets/evm-test-wallet";
import { installSolanaWallet } from "../tests/support/e2e/wallets/solana-test-wallet";
import { ARTIFACTS } from "../tests/support/server";

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { solana: { type: "boolean", default: false }, headed: { type: "boolean", default: false } },
  });
  const link = positionals[0];
  if (!link || !URL.canParse(link)) throw new Error("usage: pay-in-browser.ts <gatewayUrl> [--solana] [--headed]");
  const devnet = JSON.parse(readFileSync(DEFAULT_INFO_FILE, "utf8")) as DevnetInfo;
  const browser = await chromium.launch({
    headless: !values.headed,
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const page = await browser.newPage();
    await installEvmWallet(page, {
      privateKey: devnet.evm.buyers[0]!.privateKey as `0x${string}`,
      rpcUrl: devnet.evm.rpcUrl,
      chainId: devnet.evm.chainIdNumber,
    });
    await installSolanaWallet(page, { secretKey: devnet.solana.buyers[0]!.secretKey });
    await page.goto(link);
    await page.getByRole("button", { name: "Connect a wallet" }).click();
    const wallet = values.solana ? "Test Solana Wallet" : "Test EVM Wallet";
    await page.getByRole("button", { name: new RegExp(`^${wallet}`) }).click();
    const network = values.solana ? "Solana" : "EVM";
    const option = page
      .getByTestId("payment-options")
      .getByRole("button", { name: new RegExp(`USDC on .*${network}`) });
    console.log(`option: ${(await option.textContent())?.trim()}`);
    // Token and network icons come as full URLs on PUBLIC_BASE_URL: say whether they all loaded.
    const icons = page.getByTestId("payment-options").locator("img");
    await icons.first().waitFor();
    const countLoaded = () =>
      icons.evaluateAll(
        (imgs) =>
          imgs.filter((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0).length,
      );
    let loaded = await countLoaded();
    for (let i = 0; i < 30 && loaded < (await icons.count()); i++) {
      await page.waitForTimeout(100);
      loaded = await countLoaded();
    }
    console.log(`icons: ${loaded} of ${await icons.count()} loaded`);
    await option.click();
    const started = Date.now();
    await page.getByRole("button", { name: /^Pay \d/ }).click();
    const result = page.getByTestId("terminal-view");
    await result.waitFor({ timeout: 60_000 });
    const shot = join(ARTIFACTS, "pay-in-browser.png");
    await page.screenshot({ path: shot, fullPage: true });
    console.log(
      `result: ${await result.getAttribute("data-kind")} after ${Date.now() - started} ms (screenshot: ${shot})`,
    );
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
