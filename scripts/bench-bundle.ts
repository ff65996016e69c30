/**
 * Checkout weight: the gzip size of every script the hosted checkout loads before the buyer does
 * anything (first load), and of what "Connect a wallet" loads on top (wagmi, viem, the Solana
 * wallet adapter) and, in a fresh page, "Pay with a phone wallet" (zod, the QR encoder). Measured in Debian's Chromium against the production build.
 *
 *   npm run bench:bundle [-- --no-build]
 *
 * Target: first load <= 200 KB gzip. Figures go to stdout and tests/artifacts/bench-bundle.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type Page } from "@playwright/test";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { privateKeyToAccount, generatePrivateKey } from "viem/accounts";
import * as schema from "@/db/schema";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { startDevnet } from "./devnet/index";
import { ensureBuild } from "./bench/ensure-build";
import { launchNextServer } from "./lib/next-server";
import { testDatabaseUrl } from "../tests/support/database-url";
import { ARTIFACTS, freePort, ROOT, TEST_ENV } from "../tests/support/server";

const TARGET_KB = 200;

type Script = { url: string; bytes: number; gzip: number };

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

/** Every JavaScript response of the page, in arrival order, with its raw and gzip size. */
function collectScripts(page: Page): Script[] {
  const scripts: Script[] = [];
  page.on("response", async (res) => {
    if (res.request().resourceType() !== "script") return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    scripts.push({ url: new URL(res.url()).pathname, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length });
  });
  return scripts;
}

function report(firstLoad: Script[], onConnect: Script[], onPhoneWallet: Script[]) {
  const kb = (n: number) => (n / 1024).toFixed(1);
  const sum = (list: Script[], key: "bytes" | "gzip") => list.reduce((s, x) => s + x[key], 0);
  const first = sum(firstLoad, "gzip");
  console.log(
    `\ncheckout first load: ${firstLoad.length} scripts, ${kb(sum(firstLoad, "bytes"))} KB raw, ${kb(first)} KB gzip`,
  );
  for (const s of [...firstLoad].sort((a, b) => b.gzip - a.gzip))
    console.log(`  ${kb(s.gzip).padStart(7)} KB  ${s.url}`);
  console.log(
    `after "Connect a wallet": +${onConnect.length} scripts, +${kb(sum(onConnect, "bytes"))} KB raw, +${kb(sum(onConnect, "gzip"))} KB gzip (loaded only on demand)`,
  );
  console.log(
    `after "Pay with a phone wallet": +${onPhoneWallet.length} scripts, +${kb(sum(onPhoneWallet, "bytes"))} KB raw, +${kb(sum(onPhoneWallet, "gzip"))} KB gzip (loaded only on demand)`,
  );
  const pass = first <= TARGET_KB * 1024;
  console.log(`${pass ? "PASS" : "FAIL"} first load ${kb(first)} KB gzip (target <= ${TARGET_KB} KB)`);
  writeFileSync(
    join(ARTIFACTS, "bench-bundle.json"),
    JSON.stringify({ firstLoad, onConnect, onPhoneWallet, firstLoadGzip: first, targetKb: TARGET_KB, pass }, null, 2),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
