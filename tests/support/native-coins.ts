import { Connection, Keypair, LAMPORTS_PER_SOL } from "@solana/web3.js";
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  toHex,
  type Address,
  type Hex,
  type PrivateKeyAccount,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, inject } from "vitest";
import type { WireOption } from "./devnet-buyer";
import { gw } from "./gateway";

// Fresh accounts on the suite's devnet for tests of native coins: no other test sends from or to them,
// so every balance a test reads moved because of that test alone.

/** The suite's anvil as a viem chain, with a public client on it. */
export function evmDevnet() {
  const { evm } = inject("devnet");
  const chain = defineChain({
    id: evm.chainIdNumber,
    name: "devnet",
    nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [evm.rpcUrl] } },
  });
  return { evm, chain, client: createPublicClient({ chain, transport: http(evm.rpcUrl) }) };
}

/** A new EVM account holding 10 ETH (anvil_setBalance), with its key. */
export async function freshEvmAccount(): Promise<PrivateKeyAccount & { privateKey: Hex }> {
  const privateKey = generatePrivateKey();
  const account = privateKeyToAccount(privateKey);
  await evmDevnet().client.request({
    method: "anvil_setBalance" as never,
    params: [account.address, toHex(10n ** 19n)] as never,
  });
  return Object.assign(account, { privateKey });
}

/** A transaction sent from `from` exactly as given (as a wallet that does not follow the option would), mined. */
export async function sendEvm(from: PrivateKeyAccount, tx: { to: Address; value: bigint; data?: Hex }): Promise<Hex> {
  const { chain, client } = evmDevnet();
  const wallet = createWalletClient({ account: from, chain, transport: http(chain.rpcUrls.default.http[0]) });
  const hash = await wallet.sendTransaction(tx);
  await client.waitForTransactionReceipt({ hash });
  return hash;
}

/** A new Solana account airdropped `sol` SOL, and a connection to the suite's Solana devnet. */
export async function freshSolanaAccount(sol = 2): Promise<{ key: Keypair; connection: Connection }> {
  const connection = new Connection(inject("devnet").solana.rpcUrl, "confirmed");
  const key = Keypair.generate();
  const airdrop = await connection.requestAirdrop(key.publicKey, sol * LAMPORTS_PER_SOL);
  await connection.confirmTransaction({ signature: airdrop, ...(await connection.getLatestBlockhash()) });
  return { key, connection };
}

/** The option of `symbol` offered to `account` (CAIP-10) for the payment. */
export async function optionOf(paymentId: string, account: string, symbol: string): Promise<WireOption> {
  const res = await gw(paymentId, "/options", { body: { accounts: [account] } });
  expect(res.status).toBe(200);
  const { options } = (await res.json()) as { options: WireOption[] };
  const option = options.find((o) => o.amount.display.assetSymbol === symbol);
  if (!option) throw new Error(`no ${symbol} option among ${options.map((o) => o.amount.display.assetSymbol)}`);
  return option;
}

/** Confirm with one result; the status and body the gateway answers. */
export async function confirmWith(paymentId: string, optionId: string, result: string) {
  const res = await gw(paymentId, "/confirm", { body: { optionId, results: [result] } });
  return { status: res.status, body: (await res.json()) as { code?: string; status?: string; message?: string } };
}
