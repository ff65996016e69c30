import { Keypair, SystemProgram, Transaction, type PublicKey } from "@solana/web3.js";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { isValidSignature } from "@/lib/chains/solana/ed25519";
import { toWireAction } from "@/lib/gateway/wire-actions";
import {
  accountsFor,
  createGatewayClient,
  normalizeActions,
  payWithOption,
  solanaSignerFromKeypair,
  WalletFlowError,
  type EvmSigner,
  type FetchLike,
  type PayStep,
  type SolanaSigner,
} from "@/lib/wallet";
import { recoverSigner, typedData, USDC } from "./wallet-typed-data";

const PAY = "pay_3x9Zq1Lk0aBcDeFgHiJkLm";
const BASE = "eip155:8453";
const SOLANA = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
const PROCESSING = { status: "processing", isFinal: false, pollInMs: 1000, info: null };

type Seen = { method: string; path: string; query: URLSearchParams; body: unknown; headers: Record<string, string> };
type Answer = { status?: number; body: unknown };

/** A fake gateway behind an injected fetch: records every request, answers what `answer` says. */
function fakeGateway(answer: (req: Seen) => Answer) {
  const seen: Seen[] = [];
  const fetch: FetchLike = async (input, init) => {
    const url = new URL(input, "http://checkout.test");
    const req: Seen = {
      method: init.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      headers: { ...(init.headers as Record<string, string>) },
    };
    seen.push(req);
    const { status = 200, body } = answer(req);
    return new Response(typeof body === "string" ? body : JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    });
  };
  return { fetch, seen, client: createGatewayClient({ fetch }) };
}

function unsignedLegacy(buyer: PublicKey): string {
  const tx = new Transaction({
    feePayer: Keypair.generate().publicKey,
    recentBlockhash: Keypair.generate().publicKey.toBase58(),
  });
  tx.add(SystemProgram.transfer({ fromPubkey: buyer, toPubkey: Keypair.generate().publicKey, lamports: 1_000 }));
  return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString("base64");
}

/** An EVM signer with a real key; records the methods it was asked for. */
function evmSigner(account: PrivateKeyAccount) {
  const calls: string[] = [];
  const signer: EvmSigner = {
    async request({ method, params }) {
      calls.push(method);
      if (method === "eth_signTypedData_v4") return account.signTypedData(JSON.parse(params[1] as string));
      return `0x${"ab".repeat(32)}`;
    },
  };
  return { signer, calls };
}

function recordingSolana(keypair: Keypair) {
  const touched: string[] = [];
  const signer = new Proxy(solanaSignerFromKeypair(keypair), {
    get(target, prop, receiver) {
      touched.push(String(prop));
      return Reflect.get(target, prop, receiver);
    },
  }) as SolanaSigner;
  return { signer, touched };
}

/** A mixed payment as the service offers it: an EIP-3009 option for the EVM account, a build option for the Solana one. */
function mixedPayment(evm: PrivateKeyAccount, buyer: Keypair) {
  const evmAccount = `${BASE}:${evm.address}`;
  const solAccount = `${SOLANA}:${buyer.publicKey.toBase58()}`;
  const amount = (symbol: string, decimals: number) => ({
    unit: `caip19/x`,
    value: "12500000",
    display: { assetSymbol: symbol, assetName: symbol, decimals, networkName: "n" },
  });
  const options = {
    evm: {
      id: "opt_evm",
      account: evmAccount,
      amount: amount("USDC", 6),
      etaS: 5,
      expiresAt: 1_900_000_000,
      actions: [
        toWireAction({
          type: "walletRpc",
          chainId: BASE,
          method: "eth_signTypedData_v4",
          params: [evm.address, JSON.stringify(typedData(evm.address))],
        }),
      ],
    },
    sol: {
      id: "opt_sol",
      account: solAccount,
      amount: amount("USDC", 6),
      etaS: 2,
      expiresAt: 1_900_000_000,
      actions: [
        toWireAction({
          type: "build",
          request: {
            type: "walletRpc",
            chainId: SOLANA,
            method: "solana_signTransaction",
            params: [{ transaction: "AQID" }],
          },
        }),
      ],
    },
  };
  const unsigned = unsignedLegacy(buyer.publicKey);
  const gateway = fakeGateway((req) => {
    if (req.path.endsWith("/options")) {
      const accounts = (req.body as { accounts: string[] }).accounts;
      return {
        body: {
          options: [
            accounts.includes(evmAccount) ? options.evm : null,
            accounts.includes(solAccount) ? options.sol : null,
          ].filter(Boolean),
          info: null,
        },
      };
    }
    if (req.path.endsWith("/fetch"))
      return {
        body: {
          actions: [
            toWireAction({
              type: "walletRpc",
              chainId: SOLANA,
              method: "solana_signTransaction",
              params: [{ transaction: unsigned }],
            }),
          ],
        },
      };
    if (req.path.endsWith("/confirm")) return { body: PROCESSING };
    return { status: 404, body: { code: "not_found", message: "no such route" } };
  });
  return { gateway, evmAccount, solAccount, unsigned };
}

async function failure(run: Promise<unknown>): Promise<WalletFlowError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WalletFlowError);
  return error as WalletFlowError;
}

const confirmBody = (seen: Seen[]) =>
  seen.find((r) => r.path.endsWith("/confirm"))?.body as { optionId: string; results: string[] } | undefined;

describe("gateway client", () => {
  it("calls options, fetch, confirm, status and info as the gateway expects", async () => {
    const gateway = fakeGateway((req) => {
      if (req.path.endsWith("/options"))
        return {
          body: {
            options: [],
            info: {
              amount: {
                unit: "iso4217/USD",
                value: "1250",
                display: { assetSymbol: "USD", assetName: "USD", decimals: 2 },
              },
              expiresAt: 1,
              merchant: { name: "Shop", iconUrl: null },
              status: "requires_action",
              buyer: null,
            },
          },
        };
      if (req.path.endsWith("/fetch"))
        return {
          body: {
            actions: [
              toWireAction({
                type: "walletRpc",
                chainId: SOLANA,
                method: "solana_signTransaction",
                params: [{ transaction: "AQID" }],
              }),
            ],
          },
        };
      if (req.path === `/v1/gateway/payment/${PAY}`)
        return {
          body: {
            amount: {
              unit: "iso4217/USD",
              value: "1250",
              display: { assetSymbol: "USD", assetName: "USD", decimals: 2 },
            },
            expiresAt: 1,
            merchant: { name: "Shop", iconUrl: null },
            status: "requires_action",
            buyer: null,
          },
        };
      return { body: { status: "succeeded", isFinal: true, pollInMs: null, info: { txId: "0xabc" } } };
    });
    const client = createGatewayClient({
      fetch: gateway.fetch,
      baseUrl: "https://pay.example.com/",
      walletName: "Test Wallet",
    });

    const options = await client.getOptions(PAY, [`${BASE}:0x0000000000000000000000000000000000000001`], {
      includePaymentInfo: true,
    });
    expect(options.info?.merchant.name).toBe("Shop");
    expect(await client.fetchActions(PAY, { optionId: "opt_1", data: "opaque" })).toEqual([
      {
        type: "walletRpc",
        walletRpc: { chainId: SOLANA, method: "solana_signTransaction", params: '[{"transaction":"AQID"}]' },
      },
    ]);
    expect((await client.confirm(PAY, { optionId: "opt_1", results: ["0xsig"] }, { maxPollMs: 0 })).status).toBe(
      "succeeded",
    );
    await client.confirm(PAY, { optionId: "opt_1", results: ["0xsig"] }, { maxPollMs: 5000 });
    expect((await client.getStatus(PAY, { maxPollMs: 2000 })).info?.txId).toBe("0xabc");
    expect((await client.getInfo(PAY)).amount.value).toBe("1250");

    const [opts, fetchReq, confirm0, confirm5, status, info] = gateway.seen;
    expect(opts).toMatchObject({
      method: "POST",
      path: `/v1/gateway/payment/${PAY}/options`,
      body: { accounts: [`${BASE}:0x0000000000000000000000000000000000000001`] },
    });
    expect(opts!.query.get("includePaymentInfo")).toBe("true");
    expect(opts!.headers).toMatchObject({ "content-type": "application/json", "sdk-name": "Test Wallet" });
    expect(fetchReq).toMatchObject({
      method: "POST",
      path: `/v1/gateway/payment/${PAY}/fetch`,
      body: { optionId: "opt_1", data: "opaque" },
    });
    expect(confirm0).toMatchObject({
      method: "POST",
      path: `/v1/gateway/payment/${PAY}/confirm`,
      body: { optionId: "opt_1", results: ["0xsig"] },
    });
    // maxPollMs=0 is a real value (answer at once), not "absent".
    expect(confirm0!.query.get("maxPollMs")).toBe("0");
    expect(confirm5!.query.get("maxPollMs")).toBe("5000");
    expect(status).toMatchObject({ method: "GET", path: `/v1/gateway/payment/${PAY}/status`, body: undefined });
    expect(status!.query.get("maxPollMs")).toBe("2000");
    expect(info).toMatchObject({ method: "GET", path: `/v1/gateway/payment/${PAY}` });
  });

  it("uses the page's own origin when baseUrl is empty, and encodes a payment link used as the id", async () => {
    const urls: string[] = [];
    const client = createGatewayClient({
      fetch: async (input) => {
        urls.push(input);
        return new Response(JSON.stringify({ status: "requires_action", isFinal: false, pollInMs: 1000 }));
      },
    });
    await client.getStatus(PAY);
    await client.getStatus(`https://pay.example.com/?pid=${PAY}`);
    expect(urls).toEqual([
      `/v1/gateway/payment/${PAY}/status`,
      `/v1/gateway/payment/${encodeURIComponent(`https://pay.example.com/?pid=${PAY}`)}/status`,
    ]);
  });

  it("turns gateway error bodies into typed errors with the HTTP status and the server's code", async () => {
    const cases: [number, string][] = [
      [409, "quote_expired"],
      [410, "payment_expired"],
      [409, "invalid_state"],
      [422, "verification_failed"],
      [404, "payment_not_found"],
      [400, "invalid_params"],
    ];
    for (const [status, code] of cases) {
      const { client } = fakeGateway(() => ({ status, body: { code, message: `server says ${code}` } }));
      const error = await failure(client.confirm(PAY, { optionId: "opt_1", results: ["0xsig"] }));
      expect(error).toMatchObject({ code: "gateway_error", gateway: { status, code }, message: `server says ${code}` });
    }
    const html = fakeGateway(() => ({ status: 502, body: "<html>Bad gateway</html>" }));
    expect(await failure(html.client.getStatus(PAY))).toMatchObject({
      code: "gateway_error",
      gateway: { status: 502, code: "http_error" },
    });
    const garbage = fakeGateway(() => ({ body: { status: "pending", isFinal: "no" } }));
    expect(await failure(garbage.client.getStatus(PAY))).toMatchObject({
      code: "gateway_error",
      gateway: { status: 200, code: "bad_response" },
    });
    const offline = createGatewayClient({ fetch: () => Promise.reject(new TypeError("fetch failed")) });
    expect(await failure(offline.getStatus(PAY))).toMatchObject({
      code: "gateway_error",
      gateway: { status: 0, code: "network_error" },
    });
  });

  it("reads actions from either wire form into the spec's view, and refuses forms that disagree", () => {
    const spec = {
      type: "walletRpc",
      walletRpc: { chainId: BASE, method: "eth_sendTransaction", params: '[{"to":"0x1"}]' },
    };
    expect(
      normalizeActions([
        toWireAction({ type: "walletRpc", chainId: BASE, method: "eth_sendTransaction", params: [{ to: "0x1" }] }),
      ]),
    ).toEqual([spec]);
    expect(
      normalizeActions([
        { type: "walletRpc", data: { chain_id: BASE, method: "eth_sendTransaction", params: [{ to: "0x1" }] } },
      ]),
    ).toEqual([spec]);
    expect(normalizeActions([{ type: "build", data: { data: "x" } }])).toEqual([{ type: "build", data: "x" }]);
    const disagree = {
      type: "walletRpc",
      data: { chain_id: BASE, method: "eth_sendTransaction", params: [] },
      walletRpc: { chainId: SOLANA, method: "solana_signTransaction", params: "[]" },
    };
    expect(() => normalizeActions([disagree])).toThrow(WalletFlowError);
    expect(() =>
      normalizeActions([{ type: "walletRpc", data: { chain_id: BASE, method: "eth_sendTransaction", params: {} } }]),
    ).toThrow(WalletFlowError);
  });
});

describe("a whole payment (spec 4.5)", () => {
  it("rule 1: a wallet without Solana keys sends no solana: account and still gets its EVM options", async () => {
    const evm = privateKeyToAccount(generatePrivateKey());
    const buyer = Keypair.generate();
    const { gateway, evmAccount, solAccount } = mixedPayment(evm, buyer);
    const chains = [BASE, SOLANA, "eip155:1", "cosmos:cosmoshub-4"];

    const evmOnly = accountsFor(chains, { eip155: evm.address });
    expect(evmOnly).toEqual([evmAccount, `eip155:1:${evm.address}`]);
    const { options } = await gateway.client.getOptions(PAY, evmOnly);
    expect(options.map((o) => o.id)).toEqual(["opt_evm"]);
    expect(JSON.stringify(gateway.seen[0]!.body)).not.toContain("solana:");

    expect(accountsFor(chains, { eip155: evm.address, solana: buyer.publicKey.toBase58() })).toEqual([
      evmAccount,
      solAccount,
      `eip155:1:${evm.address}`,
    ]);
    expect(accountsFor(chains, { solana: buyer.publicKey.toBase58(), eip155: null })).toEqual([solAccount]);
  });

  it("calls fetch only for build actions", async () => {
    const evm = privateKeyToAccount(generatePrivateKey());
    const buyer = Keypair.generate();
    const { gateway, evmAccount, solAccount } = mixedPayment(evm, buyer);
    const { options } = await gateway.client.getOptions(PAY, [evmAccount, solAccount]);
    const signers = { eip155: evmSigner(evm).signer, solana: solanaSignerFromKeypair(buyer) };

    await payWithOption({
      client: gateway.client,
      paymentId: PAY,
      option: options.find((o) => o.id === "opt_evm")!,
      signers,
    });
    expect(gateway.seen.map((r) => r.path.split("/").pop())).toEqual(["options", "confirm"]);

    await payWithOption({
      client: gateway.client,
      paymentId: PAY,
      option: options.find((o) => o.id === "opt_sol")!,
      signers,
    });
    expect(gateway.seen.map((r) => r.path.split("/").pop())).toEqual(["options", "confirm", "fetch", "confirm"]);
    // The build's data goes back to fetch as the option carried it.
    const build = options.find((o) => o.id === "opt_sol")!.actions[0] as { type: "build"; data: string };
    expect(gateway.seen[2]!.body).toEqual({ optionId: "opt_sol", data: build.data });
    expect(build.data).toMatch(/^[0-9a-f]+$/);
  });

  it("rule 7: an option of [eth action, eth action, solana build] confirms 3 results in the actions' order", async () => {
    const evm = privateKeyToAccount(generatePrivateKey());
    const buyer = Keypair.generate();
    const { gateway, unsigned } = mixedPayment(evm, buyer);
    const wire = [
      toWireAction({
        type: "walletRpc",
        chainId: BASE,
        method: "eth_signTypedData_v4",
        params: [evm.address, JSON.stringify(typedData(evm.address))],
      }),
      toWireAction({
        type: "walletRpc",
        chainId: BASE,
        method: "eth_sendTransaction",
        params: [{ from: evm.address, to: USDC, data: "0xa9059cbb" }],
      }),
      toWireAction({
        type: "build",
        request: {
          type: "walletRpc",
          chainId: SOLANA,
          method: "solana_signTransaction",
          params: [{ transaction: "AQID" }],
        },
      }),
    ];
    const evmWallet = evmSigner(evm);
    await payWithOption({
      client: gateway.client,
      paymentId: PAY,
      option: { id: "opt_mixed", actions: normalizeActions(wire) },
      signers: { eip155: evmWallet.signer, solana: solanaSignerFromKeypair(buyer) },
    });

    const { optionId, results } = confirmBody(gateway.seen)!;
    expect(optionId).toBe("opt_mixed");
    expect(results).toHaveLength(3);
    expect(await recoverSigner(evm.address, results[0])).toBe(evm.address);
    expect(results[1]).toBe(`0x${"ab".repeat(32)}`);
    const signed = Transaction.from(Buffer.from(results[2]!, "base64"));
    expect(signed.serializeMessage().equals(Transaction.from(Buffer.from(unsigned, "base64")).serializeMessage())).toBe(
      true,
    );
    expect(evmWallet.calls).toEqual(["eth_signTypedData_v4", "eth_sendTransaction"]);
  });

  it("rule 9: in a mixed payment the signer of the chosen option is used, and only that one", async () => {
    const evm = privateKeyToAccount(generatePrivateKey());
    const buyer = Keypair.generate();

    const solanaChoice = mixedPayment(evm, buyer);
    const evmWallet = evmSigner(evm);
    const solana = recordingSolana(buyer);
    const { options } = await solanaChoice.gateway.client.getOptions(PAY, [
      solanaChoice.evmAccount,
      solanaChoice.solAccount,
    ]);
    expect(options.map((o) => o.id)).toEqual(["opt_evm", "opt_sol"]);
    await payWithOption({
      client: solanaChoice.gateway.client,
      paymentId: PAY,
      option: options[1]!,
      signers: { eip155: evmWallet.signer, solana: solana.signer },
    });
    expect(evmWallet.calls).toEqual([]);
    const [solResult] = confirmBody(solanaChoice.gateway.seen)!.results;
    const signed = Transaction.from(Buffer.from(solResult!, "base64"));
    const mine = signed.signatures.find((s) => s.publicKey.equals(buyer.publicKey))!;
    expect(isValidSignature(mine.signature!, signed.serializeMessage(), buyer.publicKey)).toBe(true);

    const evmChoice = mixedPayment(evm, buyer);
    const untouched = recordingSolana(buyer);
    await payWithOption({
      client: evmChoice.gateway.client,
      paymentId: PAY,
      option: options[0]!,
      signers: { eip155: evmWallet.signer, solana: untouched.signer },
    });
    expect(untouched.touched).toEqual([]);
    expect(evmWallet.calls).toEqual(["eth_signTypedData_v4"]);
    const [evmResult] = confirmBody(evmChoice.gateway.seen)!.results;
    expect(await recoverSigner(evm.address, evmResult)).toBe(evm.address);
  });

  it("rule 5: a Solana payment only signs: the gateway never sees a send, and the signer is asked for nothing else", async () => {
    const evm = privateKeyToAccount(generatePrivateKey());
    const buyer = Keypair.generate();
    const { gateway, solAccount } = mixedPayment(evm, buyer);
    const solana = recordingSolana(buyer);
    const { options } = await gateway.client.getOptions(PAY, [solAccount]);
    await payWithOption({
      client: gateway.client,
      paymentId: PAY,
      option: options[0]!,
      signers: { solana: solana.signer },
    });
    expect(new Set(solana.touched)).toEqual(new Set(["signTransaction"]));
    expect(gateway.seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /v1/gateway/payment/${PAY}/options`,
      `POST /v1/gateway/payment/${PAY}/fetch`,
      `POST /v1/gateway/payment/${PAY}/confirm`,
    ]);
    for (const req of gateway.seen) expect(JSON.stringify(req.body)).not.toMatch(/sendTransaction|signAndSend/i);
  });

  it("rule 3: a Solana option without a Solana signer fails before anything is fetched or confirmed", async () => {
    const evm = privateKeyToAccount(generatePrivateKey());
    const buyer = Keypair.generate();
    const { gateway, solAccount } = mixedPayment(evm, buyer);
    const { options } = await gateway.client.getOptions(PAY, [solAccount]);
    const error = await failure(
      payWithOption({
        client: gateway.client,
        paymentId: PAY,
        option: options[0]!,
        signers: { eip155: evmSigner(evm).signer },
      }),
    );
    expect(error.code).toBe("no_signer");
    expect(gateway.seen.map((r) => r.path.split("/").pop())).toEqual(["options"]);
  });

  it("reports its steps, surfaces a buyer's rejection as user_rejected without confirming, and a gateway refusal as a typed error", async () => {
    const evm = privateKeyToAccount(generatePrivateKey());
    const buyer = Keypair.generate();
    const { gateway, solAccount } = mixedPayment(evm, buyer);
    const { options } = await gateway.client.getOptions(PAY, [solAccount]);
    const steps: PayStep[] = [];
    const status = await payWithOption({
      client: gateway.client,
      paymentId: PAY,
      option: options[0]!,
      signers: { solana: solanaSignerFromKeypair(buyer) },
      onStep: (s) => steps.push(s),
      maxPollMs: 3000,
    });
    expect(steps).toEqual(["preparing", "signing", "confirming"]);
    expect(status).toMatchObject({ status: "processing", isFinal: false });
    expect(gateway.seen.at(-1)!.query.get("maxPollMs")).toBe("3000");

    const rejecting: SolanaSigner = {
      signTransaction: () =>
        Promise.reject(Object.assign(new Error("User rejected the request."), { name: "WalletSignTransactionError" })),
    };
    const before = gateway.seen.length;
    const rejected = await failure(
      payWithOption({ client: gateway.client, paymentId: PAY, option: options[0]!, signers: { solana: rejecting } }),
    );
    expect(rejected.code).toBe("user_rejected");
    expect(gateway.seen.slice(before).map((r) => r.path.split("/").pop())).toEqual(["fetch"]);

    const expired = fakeGateway((req) =>
      req.path.endsWith("/confirm")
        ? { status: 409, body: { code: "quote_expired", message: "The quote has expired" } }
        : {
            body: {
              actions: [
                toWireAction({
                  type: "walletRpc",
                  chainId: SOLANA,
                  method: "solana_signTransaction",
                  params: [{ transaction: unsignedLegacy(buyer.publicKey) }],
                }),
              ],
            },
          },
    );
    const error = await failure(
      payWithOption({
        client: expired.client,
        paymentId: PAY,
        option: options[0]!,
        signers: { solana: solanaSignerFromKeypair(buyer) },
      }),
    );
    expect(error).toMatchObject({ code: "gateway_error", gateway: { status: 409, code: "quote_expired" } });
  });
});
