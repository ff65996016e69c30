import { execFile } from "node:child_process";
import { request as httpRequest } from "node:http";
import { createServer as createHttpsServer, globalAgent, type Server as HttpsServer } from "node:https";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { fetchTransaction, parseURL, type TransactionRequestURL } from "@solana/pay";
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from "@solana/web3.js";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { paymentOptions, payments, serviceFees, sponsoredTokenAccounts } from "@/db/schema";
import { decodeBase58, encodeBase58 } from "@/lib/chains/solana/base58";
import { createPaymentAt, createPaymentWith } from "../support/devnet-buyer";
import { proxiedSetup, type ProxiedSetup } from "../support/proxied-servers";
import { freePort, type RunningServer } from "../support/server";

// A phone wallet pays a Solana Pay transaction request as @solana/pay's own wallet code does: it parses
// the scanned `solana:<link>`, POSTs its account to the link (over https, as the spec requires), checks the
// fee payer's signature, signs and sends the transaction itself. No confirm: the ledger finds it by its
// reference key, and what the service's fee payer paid for it is recorded once, against the budget.

const run = promisify(execFile);

type WireRequest = {
  chainId: string;
  asset: string;
  amount: { value: string; display: { assetSymbol: string } };
  kind: string;
  uri: string;
  expiresAt: number;
};

let setup: ProxiedSetup;
let tls: HttpsServer;
let publicBaseUrl: string;
/** The instance the https front forwards to (each test's server, by its own settings). */
let upstream: RunningServer | undefined;
let feePayer: Keypair;

const connection = () => new Connection(inject("devnet").solana.rpcUrl, "confirmed");

async function waitLanded(signature: string) {
  for (let i = 0; i < 100; i++) {
    const { value } = await connection().getSignatureStatuses([signature]);
    if (value[0]?.confirmationStatus === "confirmed" || value[0]?.confirmationStatus === "finalized") return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${signature} did not land`);
}

/** A self-signed certificate for localhost, trusted by this process's https agent (what @solana/pay's fetch uses). */
async function localhostCertificate(): Promise<{ key: Buffer; cert: Buffer }> {
  const dir = mkdtempSync(join(tmpdir(), "txreq-tls-"));
  await run("openssl", [
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:prime256v1",
    "-nodes",
    "-days",
    "1",
    "-subj",
    "/CN=localhost",
    "-addext",
    "subjectAltName=DNS:localhost",
    "-keyout",
    join(dir, "key.pem"),
    "-out",
    join(dir, "cert.pem"),
  ]);
  return { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) };
}

/**
 * The https front a production service has (a reverse proxy terminating TLS): forwards each request to
 * the current instance, naming the client in X-Forwarded-For (a fixed phone unless the caller names one).
 */
function startHttpsFront(certificate: { key: Buffer; cert: Buffer }, port: number): Promise<HttpsServer> {
  const server = createHttpsServer(certificate, (req, res) => {
    const target = new URL(req.url ?? "/", upstream!.url);
    const forwarded = httpRequest(
      target,
      {
        method: req.method,
        headers: {
          ...req.headers,
          host: target.host,
          "x-forwarded-for": req.headers["x-forwarded-for"] ?? "10.77.0.1",
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on("error", () => res.writeHead(502).end());
    req.pipe(forwarded);
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

/** One instance at a time behind the https front, with `extraEnv` on top of the suite's settings. */
async function serve(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  await upstream?.stop();
  upstream = await setup.start(`txreq-${Date.now()}`, {
    PUBLIC_BASE_URL: publicBaseUrl,
    SOLANA_FEE_PAYER_SECRET_KEY: encodeBase58(feePayer.secretKey),
    MAX_OPTIONS_PER_CLIENT: "3",
    ...extraEnv,
  });
  return upstream;
}

beforeAll(async () => {
  const certificate = await localhostCertificate();
  globalAgent.options.ca = certificate.cert;
  const port = await freePort();
  publicBaseUrl = `https://localhost:${port}`;
  tls = await startHttpsFront(certificate, port);
  setup = await proxiedSetup("txreq_transaction_requests");
  // A fee payer of the test's own, so its balance counts only what happens here.
  feePayer = Keypair.generate();
  await waitLanded(await connection().requestAirdrop(feePayer.publicKey, LAMPORTS_PER_SOL));
  await serve();
}, 120_000);

afterAll(async () => {
  await upstream?.stop();
  await setup?.close();
  await new Promise((resolve) => tls?.close(resolve));
});

/** A gateway call straight to the instance (the test's own checks; the wallet's go through https). */
function gw(paymentId: string, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${upstream!.url}/v1/gateway/payment/${paymentId}${path}`, init);
}

const postJson = (body: unknown, client = "10.77.1.1"): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", "x-forwarded-for": client },
  body: JSON.stringify(body),
});

async function requestsOf(paymentId: string): Promise<WireRequest[]> {
  const res = await gw(paymentId, "/payment-requests");
  expect(res.status).toBe(200);
  return ((await res.json()) as { requests: WireRequest[] }).requests;
}

const ofKind = (requests: WireRequest[], kind: string, symbol: string) =>
  requests.find((r) => r.kind === kind && r.amount.display.assetSymbol === symbol);

/** The transaction request's link as the wallet reads it from the scanned URI. */
async function linkOf(paymentId: string, symbol: string): Promise<URL> {
  const request = ofKind(await requestsOf(paymentId), "solana-pay-transaction", symbol)!;
  return (parseURL(request.uri) as TransactionRequestURL).link;
}

/** The link's path on the instance itself (the test's own calls skip the https front). */
const pathOf = (link: URL, paymentId: string) => link.pathname.slice(`/v1/gateway/payment/${paymentId}`.length);

async function waitFinal(paymentId: string): Promise<string> {
  for (let i = 0; i < 150; i++) {
    const body = (await (await gw(paymentId, "/status")).json()) as { status: string; isFinal: boolean };
    if (body.isFinal) return body.status;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${paymentId} did not become final`);
}

const buyer = (index: number) => Keypair.fromSecretKey(decodeBase58(inject("devnet").solana.buyers[index]!.secretKey)!);

describe("Solana Pay transaction requests, paid by a phone wallet with no confirm", () => {
  it("each Solana asset's transaction request is listed just before its transfer request, as an https link", async () => {
    const paymentId = await createPaymentAt(upstream!, setup.merchant, "1250");
    const requests = await requestsOf(paymentId);
    for (const symbol of ["USDC", "SOL"]) {
      const transaction = ofKind(requests, "solana-pay-transaction", symbol)!;
      const next = requests[requests.indexOf(transaction) + 1]!;
      expect(next).toMatchObject({ kind: "solana-pay-transfer", asset: transaction.asset });
      expect(transaction.amount).toEqual(next.amount);
      const link = (parseURL(transaction.uri) as TransactionRequestURL).link;
      expect(link.origin).toBe(publicBaseUrl);
      expect(link.pathname).toBe(
        `/v1/gateway/payment/${paymentId}/solana-pay/${transaction.asset.replace(/[:/]/g, ".")}`,
      );
    }
    // Solana's transaction request comes first of all: it is what the checkout shows first.
    expect(requests[0]!.kind).toBe("solana-pay-transaction");
  });

  it("GET answers the merchant's label and an icon the service serves, to any origin", async () => {
    const paymentId = await createPaymentAt(upstream!, setup.merchant, "300");
    const link = await linkOf(paymentId, "USDC");
    const res = await gw(paymentId, pathOf(link, paymentId));
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const { label, icon } = (await res.json()) as { label: string; icon: string };
    expect(label).toBe("Proxied Shop");
    expect(icon).toBe(`${publicBaseUrl}/icons/merchant.svg`);
    const image = await fetch(`${upstream!.url}${new URL(icon).pathname}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toContain("image/svg+xml");

    const preflight = await gw(paymentId, pathOf(link, paymentId), { method: "OPTIONS" });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("Content-Type");
  });

  it.each([
    ["USDC", 0],
    ["SOL", 1],
  ])(
    "a %s transaction fetched with @solana/pay, signed and sent by the wallet settles the payment through the ledger; the fee payer's costs are recorded once",
    async (symbol, buyerIndex) => {
      const { solana } = inject("devnet");
      const wallet = buyer(buyerIndex as number);
      const paymentId = await createPaymentAt(upstream!, setup.merchant, "210");
      const link = await linkOf(paymentId, symbol as string);
      const before = await connection().getBalance(feePayer.publicKey);

      const tx = await fetchTransaction(connection(), wallet.publicKey, link);
      // Built as the gateway builds it: the service's fee payer first, its signature there, and the
      // quote's reference key; the quote was stored before the transaction was handed out.
      expect(tx.feePayer!.toBase58()).toBe(feePayer.publicKey.toBase58());
      const [option] = await setup.db
        .select()
        .from(paymentOptions)
        .where(and(eq(paymentOptions.paymentId, paymentId), eq(paymentOptions.requestKind, "solana-pay-transaction")));
      expect(option).toMatchObject({
        account: `${solana.chainId}:${wallet.publicKey.toBase58()}`,
        offeredMessage: tx.serializeMessage().toString("base64"),
      });
      const reference = new PublicKey(Buffer.from(option!.reference.slice(2), "hex"));
      expect(tx.instructions.some((ix) => ix.keys.some((k) => k.pubkey.equals(reference)))).toBe(true);
      // Asking again while the quote holds answers the same transaction (the same signature: one can land).
      const again = await fetchTransaction(connection(), wallet.publicKey, link);
      expect(again.serialize({ requireAllSignatures: false })).toEqual(tx.serialize({ requireAllSignatures: false }));

      tx.partialSign(wallet);
      const signature = await connection().sendRawTransaction(tx.serialize());
      expect(signature).toBe(encodeBase58(tx.signature!));
      expect(await waitFinal(paymentId)).toBe("succeeded");

      const [paid] = await setup.db.select().from(payments).where(eq(payments.id, paymentId));
      expect(paid).toMatchObject({ txHash: signature, optionId: option!.id, tokenAmount: option!.tokenAmount });
      // What the fee payer spent is on the payment's fee record, once: the fee (two signatures), and for
      // the merchant's first USDC payment the rent of its new token account, which is then on record.
      const spent = before - (await connection().getBalance(feePayer.publicKey));
      const fees = await setup.db.select().from(serviceFees).where(eq(serviceFees.paymentId, paymentId));
      expect(fees.map((f) => f.kind).sort()).toEqual(symbol === "USDC" ? ["network_fee", "rent"] : ["network_fee"]);
      expect(fees.every((f) => f.txHash === signature && f.fiatAmount !== null)).toBe(true);
      expect(fees.reduce((sum, f) => sum + Number(f.nativeAmount), 0)).toBe(spent);
      expect(fees.find((f) => f.kind === "network_fee")!.nativeAmount).toBe("10000");
      const funded = await setup.db
        .select()
        .from(sponsoredTokenAccounts)
        .where(eq(sponsoredTokenAccounts.paymentId, paymentId));
      expect(funded.map((f) => f.lamports.toString())).toEqual(
        fees.filter((f) => f.kind === "rent").map((f) => f.nativeAmount),
      );
    },
  );

  describe("bad input is a clear 4xx, and a payment no longer open answers 409 before any quote is stored", () => {
    let paymentId: string;
    let path: string;
    let expired: string;
    beforeAll(async () => {
      paymentId = await createPaymentAt(upstream!, setup.merchant, "400");
      path = pathOf(await linkOf(paymentId, "USDC"), paymentId);
    });

    it("400 params_validation, to any origin, for an account that is not a Solana key", async () => {
      for (const account of ["not-a-key", "0x0000000000000000000000000000000000000000", 42, ""]) {
        const res = await gw(paymentId, path, postJson({ account }));
        expect(res.status).toBe(400);
        expect(res.headers.get("access-control-allow-origin")).toBe("*");
        expect(((await res.json()) as { code: string }).code).toBe("params_validation");
      }
    });

    it("400 without an account", async () => {
      expect((await gw(paymentId, path, postJson({}))).status).toBe(400);
    });

    it("415 for a form body", async () => {
      const form = await gw(paymentId, path, { method: "POST", body: "account=x" });
      expect(form.status).toBe(415);
    });

    it("404 not_found for an asset the payment does not offer", async () => {
      const unknownAsset = await gw(
        paymentId,
        "/solana-pay/nope",
        postJson({ account: buyer(0).publicKey.toBase58() }),
      );
      expect(unknownAsset.status).toBe(404);
      expect(((await unknownAsset.json()) as { code: string }).code).toBe("not_found");
    });

    // After the answers above: this cancels the payment they use.
    it("409 invalid_state to GET and POST once the payment is cancelled", async () => {
      const cancel = await fetch(`${upstream!.url}/v1/payments/${paymentId}/cancel`, {
        method: "POST",
        headers: { "api-key": setup.merchant.apiKey, "merchant-id": setup.merchant.merchantId },
      });
      expect(cancel.status).toBe(200);
      for (const init of [undefined, postJson({ account: buyer(0).publicKey.toBase58() })]) {
        const res = await gw(paymentId, path, init);
        expect(res.status).toBe(409);
        expect(((await res.json()) as { code: string }).code).toBe("invalid_state");
      }
    });

    it("410 payment_expired once the payment has expired", async () => {
      ({ paymentId: expired } = await createPaymentWith(upstream!, setup.merchant, {
        amount: { unit: "iso4217/USD", value: "400" },
        referenceId: "txreq-expired",
        expiresAt: Math.floor(Date.now() / 1000) + 2,
      }));
      const expiredPath = pathOf(await linkOf(expired, "USDC"), expired);
      await new Promise((r) => setTimeout(r, 3_000));
      const late = await gw(expired, expiredPath, postJson({ account: buyer(0).publicKey.toBase58() }));
      expect(late.status).toBe(410);
      expect(((await late.json()) as { code: string }).code).toBe("payment_expired");
    });

    it("stores no quote for any of these answers", async () => {
      for (const id of [paymentId, expired]) {
        const stored = await setup.db
          .select()
          .from(paymentOptions)
          .where(and(eq(paymentOptions.paymentId, id), eq(paymentOptions.requestKind, "solana-pay-transaction")));
        expect(stored).toEqual([]);
      }
    });
  });

  it("a client holds at most MAX_OPTIONS_PER_CLIENT live quotes of a payment, transaction requests included; another client is not refused", async () => {
    const paymentId = await createPaymentAt(upstream!, setup.merchant, "500");
    const path = pathOf(await linkOf(paymentId, "USDC"), paymentId);
    const ask = (client: string) =>
      gw(paymentId, path, postJson({ account: Keypair.generate().publicKey.toBase58() }, client));
    for (let i = 0; i < 3; i++) expect((await ask("10.77.2.1")).status).toBe(200);
    const refused = await ask("10.77.2.1");
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe("too_many_options");
    expect((await ask("10.77.3.1")).status).toBe(200);
  });

  it("past the merchant's fee budget, no transaction request is listed or built; the transfer request remains", async () => {
    // A cent a day: the fees recorded today for this merchant (the payments above) have used it up.
    await serve({ SPONSORED_FEES_PER_DAY: "0.01" });
    const paymentId = await createPaymentAt(upstream!, setup.merchant, "600");
    const requests = await requestsOf(paymentId);
    expect(requests.some((r) => r.kind === "solana-pay-transaction")).toBe(false);
    expect(ofKind(requests, "solana-pay-transfer", "USDC")).toBeDefined();
    const asset = ofKind(requests, "solana-pay-transfer", "USDC")!.asset.replace(/[:/]/g, ".");
    const res = await gw(paymentId, `/solana-pay/${asset}`, postJson({ account: buyer(0).publicKey.toBase58() }));
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe("fees_budget_exhausted");
  });
});
