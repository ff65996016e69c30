/**
 * Pay a payment through the gateway as a wallet would, with the running devnet's first test
 * buyer: options -> sign (EIP-3009 typed data, or a Solana transaction with --solana; `--token ETH`
 * or `--token SOL` pays in the native coin) -> confirm -> poll until final. Prints the time from
 * confirm to final.
 *
 *   npx tsx scripts/pay-demo-payment.ts <paymentId> [--solana] [--token USDC] [--base-url http://127.0.0.1:3000]
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { DEFAULT_INFO_FILE, type DevnetInfo } from "@payment-service/devnet";
import { devnetWallet } from "@payment-service/devnet/wallet";

type Action = { type: string; data: { data?: string }; walletRpc: { chainId: string; method: string; params: string } };

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      solana: { type: "boolean", default: false },
      token: { type: "string", default: "USDC" },
      "base-url": { type: "string", default: `http://127.0.0.1:${process.env.PORT ?? 3000}` },
    },
  });
  const paymentId = positionals[0];
  if (!paymentId) throw new Error("usage: pay-demo-payment.ts <paymentId> [--solana] [--token USDC|USDT|ETH|SOL]");
  const devnet = JSON.parse(readFileSync(DEFAULT_INFO_FILE, "utf8")) as DevnetInfo;
  const base = `${values["base-url"]}/v1/gateway/payment/${paymentId}`;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };

  const evmBuyer = devnet.evm.buyers[0]!;
  const solBuyer = devnet.solana.buyers[0]!;
  const account = values.solana
    ? `${devnet.solana.chainId}:${solBuyer.publicKey}`
    : `${devnet.evm.chainId}:${evmBuyer.address}`;
  const wallet = devnetWallet({
    evm: {
      privateKey: evmBuyer.privateKey as `0x${string}`,
      rpcUrl: devnet.evm.rpcUrl,
      chainId: devnet.evm.chainIdNumber,
    },
    solana: { secretKey: solBuyer.secretKey },
  });

  const { options } = await post("/options", { accounts: [account] });
  const option = options.find(
    (o: { amount: { display: { assetSymbol: string } } }) => o.amount.display.assetSymbol === values.token,
  );
  if (!option)
    throw new Error(
      `no ${values.token} option offered (does the merchant have a receiving address on this chain? SOL needs --solana)`,
    );
  console.log(
    `option ${option.id}: ${option.amount.value} base units of ${option.amount.display.assetSymbol} on ${option.amount.display.networkName}`,
  );

  let actions: Action[] = option.actions;
  if (actions[0]?.type === "build")
    actions = (await post("/fetch", { optionId: option.id, data: actions[0].data.data })).actions;
  const results = [];
  for (const action of actions) results.push(await wallet({ type: "walletRpc", walletRpc: action.walletRpc }));

  const started = performance.now();
  let status = await post("/confirm", { optionId: option.id, results });
  console.log(`confirmed: ${status.status}`);
  while (!status.isFinal) {
    await new Promise((r) => setTimeout(r, 100));
    status = await (await fetch(`${base}/status`)).json();
  }
  console.log(
    `final: ${status.status} (tx ${status.info?.txId}) ${Math.round(performance.now() - started)} ms after confirm`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
