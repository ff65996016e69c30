/**
 * Checkout weight: the gzip size of every script the hosted checkout loads before the buyer does
 * anything (first load), and of what "Connect a wallet" loads on top (wagmi, viem, the Solana
 * wallet adapter) and, in a fresh page, "Pay with a phone wallet" (zod, the QR encoder). Measured in
 * Debian's Chromium against the production build.
 *
 *   npm run bench:bundle [-- --no-build]
 *
 * Target: first load <= 150 KB gzip (CHECKOUT_FIRST_LOAD_LIMIT_KB, which tests/e2e/checkout-weight.spec.ts
 * holds too). Figures go to stdout and tests/artifacts/bench-bundle.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { privateKeyToAccount, generatePrivateKey } from "viem/accounts";
import * as schema from "@/db/schema";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { startDevnet } from "@payment-service/devnet";
import { ensureBuild } from "./bench/ensure-build";
import { launchNextServer } from "../tests/support/next-server";
import { testDatabaseUrl } from "../tests/support/database-url";
import {
  CHECKOUT_FIRST_LOAD_LIMIT_KB as TARGET_KB,
  collectScripts,
  kb,
  sumOf,
  type Script,
} from "../tests/support/script-weights";
import { ARTIFACTS, freePort, ROOT, TEST_ENV } from "../tests/support/server";

/** How many of the first load's scripts the report lists, largest first. */
const TOP_CHUNKS = 10;

async function main() {
  mkdirSync(ARTIFACTS, { recursive: true });
  await ensureBuild(process.argv.includes("--no-build"), join(ARTIFACTS, "bench-bundle-build.log"));
  const devnetFile = join(ROOT, ".devnet", "bench-bundle-devnet.json");
  const devnet = await startDevnet({ evmPort: 0, solanaPort: 0, file: devnetFile, quiet: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await launchNextServer({
    port,
    env: { ...TEST_ENV, PUBLIC_BASE_URL: url, DEVNET_FILE: devnetFile, LOG_LEVEL: "warn" },
    logFile: join(ARTIFACTS, "bench-bundle-server.log"),
  });
  const browser = await chromium.launch({
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
    const gatewayUrl = await createPayment(url, devnet.info.solana.merchant.publicKey);
    const page = await browser.newPage();
    const scripts = collectScripts(page);
    // The status long-poll keeps a request open, so "network idle" never comes: wait for hydration.
    await page.goto(gatewayUrl, { waitUntil: "load" });
    await page.getByRole("button", { name: "Connect a wallet" }).waitFor();
    await page.waitForTimeout(1500);
    const firstLoad = [...scripts];
    await page.getByRole("button", { name: "Connect a wallet" }).click();
    await page.getByRole("heading", { name: "Choose a wallet" }).waitFor();
    await page.waitForTimeout(1500);
    const onConnect = scripts.slice(firstLoad.length);
    report(firstLoad, onConnect, await phoneWalletScripts(browser, gatewayUrl));
  } finally {
    await browser.close();
    await server.stop();
    await devnet.stop();
  }
}

async function createPayment(url: string, solanaAddress: string): Promise<string> {
  const sql = postgres(testDatabaseUrl(), { max: 1, onnotice: () => {} });
  const merchant = await createMerchant(drizzle(sql, { schema }), {
    name: "Bundle Bench",
    currency: "USD",
    evmAddress: privateKeyToAccount(generatePrivateKey()).address,
    solanaAddress,
  });
  await sql.end();
  const res = await fetch(`${url}/v1/merchant/payment`, {
    method: "POST",
    headers: { "api-key": merchant.apiKey, "merchant-id": merchant.merchantId, "content-type": "application/json" },
    body: JSON.stringify({ amount: { unit: "iso4217/USD", value: "1250" }, referenceId: "bench-bundle" }),
  });
  if (res.status !== 201) throw new Error(`create payment answered ${res.status}`);
  return ((await res.json()) as { gatewayUrl: string }).gatewayUrl;
}

/** What opening "Pay with a phone wallet" loads on top of first load, in a fresh page (nothing cached from Connect). */
async function phoneWalletScripts(browser: Browser, gatewayUrl: string): Promise<Script[]> {
  const page = await browser.newPage();
  const scripts = collectScripts(page);
  await page.goto(gatewayUrl, { waitUntil: "load" });
  await page.getByRole("button", { name: "Connect a wallet" }).waitFor();
  await page.waitForTimeout(1500);
  const before = scripts.length;
  await page.getByText("Pay with a phone wallet").click();
  await page.getByTestId("request-qr").waitFor();
  await page.waitForTimeout(1000);
  await page.close();
  return scripts.slice(before);
}

function report(firstLoad: Script[], onConnect: Script[], onPhoneWallet: Script[]) {
  const first = sumOf(firstLoad, "gzip");
  console.log(
    `\ncheckout first load: ${firstLoad.length} scripts, ${kb(sumOf(firstLoad, "bytes"))} KB raw, ${kb(first)} KB gzip`,
  );
  const top = [...firstLoad].sort((a, b) => b.gzip - a.gzip).slice(0, TOP_CHUNKS);
  console.log(`top ${top.length} chunks of the first load (gzip, raw):`);
  for (const s of top) console.log(`  ${kb(s.gzip).padStart(7)} KB ${kb(s.bytes).padStart(7)} KB  ${s.url}`);
  const onDemand = (label: string, list: Script[]) =>
    console.log(
      `after "${label}": +${list.length} scripts, +${kb(sumOf(list, "bytes"))} KB raw, +${kb(sumOf(list, "gzip"))} KB gzip (loaded only on demand)`,
    );
  onDemand("Connect a wallet", onConnect);
  onDemand("Pay with a phone wallet", onPhoneWallet);
  const pass = first <= TARGET_KB * 1024;
  console.log(
    `${pass ? "PASS" : "FAIL"} first load ${kb(first)} KB gzip against the target of at most ${TARGET_KB} KB (${kb(Math.abs(TARGET_KB * 1024 - first))} KB ${pass ? "to spare" : "over"})`,
  );
  writeFileSync(
    join(ARTIFACTS, "bench-bundle.json"),
    JSON.stringify({ firstLoad, onConnect, onPhoneWallet, firstLoadGzip: first, targetKb: TARGET_KB, pass }, null, 2),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
