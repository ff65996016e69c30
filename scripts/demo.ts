/**
 * `npm run demo`: build, start the local chains (anvil + LiteSVM) and the app on PORT (default
 * 3000) with its database (embedded unless DATABASE_URL is set), make a demo merchant receiving on
 * both chains with a fresh API key, create a payment through the API like a merchant's backend
 * would (with the typed client of lib/merchant-client), and print how to open, pay and poll it. A
 * local webhook receiver prints the demo merchant's events as they arrive, and a local mail server
 * the emails the app sends (invitations, password resets, notifications). Ctrl-C stops everything.
 *
 * The app listens on 127.0.0.1 only: the demo opens sign-up and lets webhooks reach private addresses,
 * which nobody else on the network should be able to use. `--host 0.0.0.0` (or HOST=0.0.0.0) asks for
 * every interface, e.g. to pay from a phone on the same network.
 */
import { execFileSync } from "node:child_process";
import { isIP } from "node:net";
import { parseArgs } from "node:util";
import { join } from "node:path";
import { closeDb, getDb } from "@/db/client";
import { createApiKey } from "@/lib/auth/create-api-key";
import { env } from "@/lib/env";
import { createMerchantClient } from "@/lib/merchant-client/create-merchant-client";
import { DEFAULT_INFO_FILE, startDevnet } from "@payment-service/devnet";
import { launchNextServer, ROOT } from "../tests/support/next-server";
import { ensureDemoMerchant, ensureDemoUser } from "./lib/demo-merchant";
import { startDemoWebhooks } from "./lib/demo-webhooks";
import { startSmtpSink, type ReceivedEmail } from "../tests/support/smtp-sink";

/** An email the app sent, as the demo prints it (invitations, password resets, notifications). */
function printEmail(mail: ReceivedEmail): void {
  const body = mail.text.trimEnd().replace(/^/gm, "    ");
  console.log(`\nEmail to ${mail.to.join(", ")}: ${mail.subject}\n${body}\n`);
}

/** Where the demo's app listens: --host, else HOST, else loopback. An IP address only (a shell's HOST may hold a machine name). */
function demoHost(): string {
  const { values } = parseArgs({ options: { host: { type: "string" } } });
  const host = values.host ?? env().HOST ?? "127.0.0.1";
  if (!isIP(host)) throw new Error(`--host / HOST must be an IP address (0.0.0.0 for every interface), got "${host}"`);
  return host;
}

async function main() {
  const { PORT, PUBLIC_BASE_URL } = env();
  const host = demoHost();
  console.log("Building the app (next build)...");
  execFileSync(process.execPath, [join(ROOT, "node_modules", "next", "dist", "bin", "next"), "build"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });

  console.log("Starting the local chains (anvil, LiteSVM)...");
  const devnet = await startDevnet({ file: DEFAULT_INFO_FILE, quiet: true });

  // The app's email goes to a mail server of the demo's own on loopback, which prints each message here
  // (unless SMTP_URL names a real one).
  const mailbox = env().SMTP_URL ? undefined : await startSmtpSink({ onMail: printEmail });
  const logFile = join(ROOT, ".data", "demo-server.log");
  // Sign-up open, so that whoever tries the demo can also make a merchant of their own in the dashboard.
  // Private webhook addresses allowed, for the demo's receiver on 127.0.0.1 (never in production).
  console.log(`Starting the app on ${host}:${PORT} (log: ${logFile})...`);
  if (host !== "127.0.0.1" && host !== "::1")
    console.log(`  Listening beyond loopback: anyone who reaches ${host}:${PORT} can sign up and register webhooks.`);
  const server = await launchNextServer({
    port: PORT,
    host,
    env: {
      PUBLIC_BASE_URL,
      DEVNET_FILE: DEFAULT_INFO_FILE,
      SIGN_UP: "open",
      WEBHOOK_ALLOW_PRIVATE: "true",
      ...(mailbox ? { SMTP_URL: mailbox.url, EMAIL_FROM: "Demo shop <pay@demo.localhost>" } : {}),
    },
    logFile,
  });
  const stop = async () => {
    await closeDb();
    await server.stop();
    await devnet.stop();
    await mailbox?.stop();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);

  const { evm, solana } = devnet.info;
  const merchant = await ensureDemoMerchant(await getDb(), {
    evmAddress: evm.merchant.address,
    solanaAddress: solana.merchant.publicKey,
  });
  const user = await ensureDemoUser(await getDb(), merchant.merchantId);
  const webhooks = await startDemoWebhooks(await getDb(), merchant.merchantId);
  const local = `http://127.0.0.1:${PORT}`;
  // The demo is a merchant's backend: it calls the API through the typed client (lib/merchant-client).
  const api = createMerchantClient({ baseUrl: local, apiKey: merchant.apiKey, merchantId: merchant.merchantId });
  const create = async (unit: string, value: string) => {
    const { data, error, response } = await api.POST("/v1/merchant/payment", {
      body: { amount: { unit, value }, referenceId: `demo-${unit.slice(-3).toLowerCase()}-${Date.now()}` },
    });
    if (!data) throw new Error(`creating the demo payment failed: ${response.status} ${JSON.stringify(error)}`);
    return data;
  };
  const payment = await create("iso4217/USD", "1250");
  // Priced through the devnet's EUR/USD feed: the checkout shows the rate it is quoted at.
  const eurPayment = await create("iso4217/EUR", "1000");
  // A reusable link where the buyer enters the amount, and a point of sale set up for this machine.
  const link = await api.POST("/v1/payment-links", {
    body: { description: "Tip jar", minimumAmount: "100", maximumAmount: "10000" },
  });
  if (!link.data) throw new Error(`creating the demo payment link failed: ${link.response.status}`);
  const tipJar = link.data;
  const posKey = await createApiKey(await getDb(), {
    merchantId: merchant.merchantId,
    name: "demo counter",
    grant: { kind: "pos" },
  });
  const posUrl = `${PUBLIC_BASE_URL}/pos#${new URLSearchParams({ merchant: merchant.merchantId, key: posKey.secret })}`;

  console.log(`
Demo is running.

  Merchant-Id   ${merchant.merchantId}   (${merchant.name})
  Api-Key       ${merchant.apiKey}
  Payment       ${payment.paymentId}   $12.50, expires ${new Date(payment.expiresAt * 1000).toISOString()}

  Dashboard     ${local}/dashboard   sign in as ${user.email} / ${user.password}

  Payment link (open it in a browser):
    ${payment.gatewayUrl}
  Either is payable in USDC, USDT, ETH (anvil) or SOL (Solana); ETH and SOL at the devnet's ETH/USD and SOL/USD feeds.
  A second payment, €10.00, quoted through the devnet's EUR/USD feed (${eurPayment.paymentId}):
    ${eurPayment.gatewayUrl}
  Move the feed:  npm run devnet -- set-price EUR/USD 1.0900

  Reusable payment link, the buyer enters $1.00 to $100.00:
    ${tipJar.url}
  Point of sale (open it on a phone or in a narrow window; a phone wallet pays the QR code it shows):
    ${posUrl}

  Webhooks      ${webhooks.url}   (a local receiver; each event is verified and printed below)
  Email         ${mailbox ? `${mailbox.url}   (a local mail server; every email the app sends is printed below)` : "through SMTP_URL"}
                secret ${webhooks.secret}

  Poll its status:
    curl -s ${local}/v1/merchant/payment/${payment.paymentId}/status -H 'Api-Key: ${merchant.apiKey}' -H 'Merchant-Id: ${merchant.merchantId}'

  Create another payment:
    curl -s -X POST ${local}/v1/merchant/payment -H 'Api-Key: ${merchant.apiKey}' -H 'Merchant-Id: ${merchant.merchantId}' \\
      -H 'Content-Type: application/json' -d '{"amount":{"unit":"iso4217/USD","value":"999"},"referenceId":"order-2"}'

  Local chains (${DEFAULT_INFO_FILE}):
    EVM     ${evm.chainId}  ${evm.rpcUrl}   USDC (EIP-3009) ${evm.tokens[0]?.address}
    Solana  ${solana.chainId}  ${solana.rpcUrl}   USDC mint ${solana.tokens[0]?.mint}
  Test buyers holding USDC, ETH and SOL (import a key into a wallet, or use the file):
    EVM     ${evm.buyers[0]?.address}   private key ${evm.buyers[0]?.privateKey}
    Solana  ${solana.buyers[0]?.publicKey}   secret key ${solana.buyers[0]?.secretKey}

  Pay it in Chromium through the checkout, with test wallets holding those keys (add --solana for Solana):
    npx tsx scripts/pay-in-browser.ts '${payment.gatewayUrl}'
  Or from a terminal, as a wallet talks to the gateway:
    npx tsx scripts/pay-demo-payment.ts ${payment.paymentId}   (or --token ETH; --solana [--token SOL])

Press Ctrl-C to stop.
`);
  webhooks.showEvents();
}

main().catch(async (err: unknown) => {
  console.error(`demo failed: ${err instanceof Error ? err.message : String(err)}`);
  await closeDb();
  process.exit(1);
});
