import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { Connection } from "@solana/web3.js";
import { createPublicClient, getAddress, http } from "viem";
import { encryptKeystore } from "@/lib/chains/signers/keystore";
import { encodeBase58 } from "@/lib/chains/solana/base58";
import { evmTokenBalance, solanaMerchantUsdc } from "../support/balances";
import { testDb } from "../support/db";
import { chainMerchant } from "../support/gateway";
import { freshSolanaAccount } from "../support/native-coins";
import { confirmAt, createPaymentAt, finalStatusAt, signWithDevnetBuyer } from "../support/pay-steps";
import { fundedRelayerKey } from "../support/relayer-key";
import { devnetFileOf, startServer, type RunningServer } from "../support/server";

// The gas keys as an operator keeps them outside the environment (docs/operations.md#gas-keys-and-secret-settings):
// an encrypted keystore unlocked by a passphrase file, or the raw key in a file (the _FILE form). Each form pays
// a payment on each chain: one server holds the relayer in a keystore and the fee payer in a file, the other
// the other way round. Fresh keys, not the devnet's (which a server on the devnet's own networks falls back
// on when no key is set): each payment's transaction is checked to come from them.

// A cheap scrypt cost: the keystore format is what is under test here, not its work factor (unit-tested).
const SCRYPT = { n: 1024, r: 8, p: 1 };

function secretFile(dir: string, name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, `${content}\n`, { mode: 0o600 });
  return path;
}

let keystoreRelayer: RunningServer;
let keystoreFeePayer: RunningServer;
let relayerAddress: string;
let feePayerAddress: string;

beforeAll(async () => {
  const { evm } = inject("devnet");
  const dir = mkdtempSync(join(tmpdir(), "gas-key-forms-"));
  const passphrase = secretFile(dir, "passphrase", "correct horse battery staple");
  const relayerKey = await fundedRelayerKey(evm.rpcUrl);
  relayerAddress = privateKeyToAccount(relayerKey).address;
  const feePayer = (await freshSolanaAccount(2)).key;
  feePayerAddress = feePayer.publicKey.toBase58();
  const feePayerKey = feePayer.secretKey;
  const relayerKeystore = secretFile(
    dir,
    "relayer.json",
    JSON.stringify(
      encryptKeystore(Buffer.from(relayerKey.slice(2), "hex"), "correct horse battery staple", {
        address: relayerAddress.slice(2).toLowerCase(),
        scrypt: SCRYPT,
      }),
    ),
  );
  const feePayerKeystore = secretFile(
    dir,
    "fee-payer.json",
    JSON.stringify(encryptKeystore(feePayerKey, "correct horse battery staple", { scrypt: SCRYPT })),
  );
  const common = { DEVNET_FILE: devnetFileOf("test"), WATCHER_INTERVAL_MS: "300" };
  [keystoreRelayer, keystoreFeePayer] = await Promise.all([
    startServer(
      {
        ...common,
        EVM_RELAYER_KEYSTORE_FILE: relayerKeystore,
        EVM_RELAYER_KEYSTORE_PASSPHRASE_FILE: passphrase,
        SOLANA_FEE_PAYER_SECRET_KEY_FILE: secretFile(dir, "fee-payer", encodeBase58(feePayerKey)),
      },
      "keys-evm-keystore",
    ),
    startServer(
      {
        ...common,
        EVM_RELAYER_PRIVATE_KEY_FILE: secretFile(dir, "relayer", relayerKey),
        SOLANA_FEE_PAYER_KEYSTORE_FILE: feePayerKeystore,
        SOLANA_FEE_PAYER_KEYSTORE_PASSPHRASE_FILE: passphrase,
      },
      "keys-solana-keystore",
    ),
  ]);
});

afterAll(async () => {
  await keystoreRelayer?.stop();
  await keystoreFeePayer?.stop();
});

const txHashOf = async (paymentId: string) =>
  (await testDb().sql<{ tx_hash: string }[]>`select tx_hash from payments where id = ${paymentId}`)[0]!.tx_hash;

/** Pays an EIP-3009 payment through `server`: what the merchant received, and who sent the relay. */
async function payEip3009(server: RunningServer, value: string, buyer: number) {
  const merchant = await chainMerchant();
  const paymentId = await createPaymentAt(server, merchant, value);
  const signed = await signWithDevnetBuyer(server, {
    paymentId,
    namespace: "eip155",
    symbol: "USDC",
    buyerIndex: buyer,
  });
  expect((await confirmAt(server, signed))?.status).toBe(200);
  expect(await finalStatusAt(server, paymentId)).toBe("succeeded");
  const chain = createPublicClient({ transport: http(inject("devnet").evm.rpcUrl) });
  const relay = await chain.getTransaction({ hash: (await txHashOf(paymentId)) as `0x${string}` });
  return { received: await evmTokenBalance("USDC", merchant.evmAddress), sender: getAddress(relay.from) };
}

/** Pays a Solana payment through `server`: what the merchant received, and who paid its fee. */
async function paySolana(server: RunningServer, value: string, buyer: number) {
  const merchant = await chainMerchant();
  const paymentId = await createPaymentAt(server, merchant, value);
  const signed = await signWithDevnetBuyer(server, {
    paymentId,
    namespace: "solana",
    symbol: "USDC",
    buyerIndex: buyer,
  });
  const before = await solanaMerchantUsdc();
  expect((await confirmAt(server, signed))?.status).toBe(200);
  expect(await finalStatusAt(server, paymentId)).toBe("succeeded");
  const connection = new Connection(inject("devnet").solana.rpcUrl, "confirmed");
  const landed = await connection.getTransaction(await txHashOf(paymentId), { maxSupportedTransactionVersion: 0 });
  const feePayer = landed!.transaction.message.staticAccountKeys[0]!.toBase58();
  return { received: (await solanaMerchantUsdc()) - before, feePayer };
}

describe("gas keys kept outside the environment pay", () => {
  it("the EVM relayer from an encrypted keystore relays an EIP-3009 payment", async () => {
    expect(await payEip3009(keystoreRelayer, "510", 1)).toEqual({ received: 5_100_000n, sender: relayerAddress });
  });

  it("the Solana fee payer from a _FILE co-signs a payment", async () => {
    const paid = await paySolana(keystoreRelayer, "520", 1);
    expect(paid.received).toBeGreaterThanOrEqual(5_200_000n);
    expect(paid.feePayer).toBe(feePayerAddress);
  });

  it("the EVM relayer from a _FILE relays an EIP-3009 payment", async () => {
    expect(await payEip3009(keystoreFeePayer, "530", 2)).toEqual({ received: 5_300_000n, sender: relayerAddress });
  });

  it("the Solana fee payer from an encrypted keystore co-signs a payment", async () => {
    const paid = await paySolana(keystoreFeePayer, "540", 2);
    expect(paid.received).toBeGreaterThanOrEqual(5_400_000n);
    expect(paid.feePayer).toBe(feePayerAddress);
  });
});
