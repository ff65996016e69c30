import { Keypair, PublicKey, SystemInstruction, SystemProgram, Transaction } from "@solana/web3.js";
import { type Address, type Hex } from "viem";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { payments } from "@/db/schema";
import { encodeBase58 } from "@/lib/chains/solana/base58";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { devnetWallet } from "@payment-service/devnet/wallet";
import { testDb } from "../support/db";
import type { WireAction } from "../support/devnet-buyer";
import { chainMerchant, gw, newPayment, waitFinal } from "../support/gateway";
import {
  confirmWith,
  evmDevnet,
  freshEvmAccount,
  freshSolanaAccount,
  optionOf,
  sendEvm,
} from "../support/native-coins";
import { latestRound } from "../support/price-feeds";

// Native coins priced by the devnet's feeds (ETH/USD 3000, SOL/USD 150, EUR/USD 1.0842 as deployed):
// ETH is sent by the buyer's wallet as the value of a transaction bound to the payment; SOL is a
// system transfer the service builds, the buyer signs and the service co-signs as fee payer. Buyers
// and merchants are fresh accounts, so every balance seen moved because of this file alone.

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

type SendParams = { from: string; to: string; value: Hex; data: Hex };
const sendParamsOf = (action: WireAction) => (JSON.parse(action.walletRpc!.params) as SendParams[])[0]!;

describe("native coins: ETH and SOL, priced by their feeds", () => {
  it("ETH: the buyer's wallet sends exactly the ether ETH/USD implies to the merchant, bound to the payment", async () => {
    const ethUsd = await latestRound(inject("devnet"), "ETH/USD");
    expect(ethUsd.answer).toBe(3000n * 10n ** 8n);
    const merchant = await chainMerchant({ evm: true });
    const buyer = await freshEvmAccount();
    const { evm, client } = evmDevnet();
    const { paymentId } = await newPayment(merchant, "1234");
    const option = await optionOf(paymentId, `${evm.chainId}:${buyer.address}`, "ETH");

    // 12.34 USD / 3000 USD per ETH, rounded up to the wei.
    const owed = ceilDiv(1234n * 10n ** 18n * 10n ** 8n, 100n * ethUsd.answer);
    expect(owed).toBe(4_113_333_333_333_334n);
    expect(option.amount).toMatchObject({ unit: `caip19/${evm.chainId}/slip44:60`, value: owed.toString() });
    const action = option.actions[0]!;
    expect(action.walletRpc?.method).toBe("eth_sendTransaction");
    const params = sendParamsOf(action);
    expect(params.from.toLowerCase()).toBe(buyer.address.toLowerCase());
    expect(params.to.toLowerCase()).toBe(merchant.evmAddress.toLowerCase());
    expect(BigInt(params.value)).toBe(owed);
    expect(params.data).toMatch(/^0x[0-9a-f]{64}$/);

    const hash = await devnetWallet({
      evm: { privateKey: buyer.privateKey, rpcUrl: evm.rpcUrl, chainId: evm.chainIdNumber },
    })(action as Parameters<ReturnType<typeof devnetWallet>>[0]);
    expect(await confirmWith(paymentId, option.id, hash)).toMatchObject({ status: 200 });
    expect(await waitFinal(paymentId)).toMatchObject({
      status: "succeeded",
      info: { txId: hash, optionAmount: { unit: `caip19/${evm.chainId}/slip44:60`, value: owed.toString() } },
    });
    expect(await client.getBalance({ address: merchant.evmAddress as Address })).toBe(owed);
  });

  it("ETH: a transfer without the payment's reference, to another address or of another payment is refused", async () => {
    const merchant = await chainMerchant({ evm: true });
    const buyer = await freshEvmAccount();
    const stranger = await freshEvmAccount();
    const { evm, client } = evmDevnet();
    const account = `${evm.chainId}:${buyer.address}`;
    const { paymentId } = await newPayment(merchant, "500");
    const option = await optionOf(paymentId, account, "ETH");
    const { to, value, data } = sendParamsOf(option.actions[0]!);
    const amount = BigInt(value);

    const refused = async (hash: Hex) => {
      const answer = await confirmWith(paymentId, option.id, hash);
      expect(answer).toMatchObject({ status: 422, body: { code: "verification_failed" } });
    };
    // The right amount to the merchant, but no reference: any transfer of this size would do.
    await refused(await sendEvm(buyer, { to: to as Address, value: amount }));
    // The reference and amount, to an address that is not the merchant's.
    await refused(await sendEvm(buyer, { to: stranger.address, value: amount, data }));
    // A transfer bound to another payment of the same shop and price.
    const other = await newPayment(merchant, "500");
    const otherOption = await optionOf(other.paymentId, account, "ETH");
    const otherHash = await sendEvm(buyer, {
      to: to as Address,
      value: amount,
      data: sendParamsOf(otherOption.actions[0]!).data,
    });
    await refused(otherHash);
    expect(await (await gw(paymentId, "/status")).json()).toMatchObject({ status: "requires_action" });

    // The option's own transfer still pays it; the other payment keeps its own transfer.
    const paid = await sendEvm(buyer, { to: to as Address, value: amount, data });
    expect(await confirmWith(paymentId, option.id, paid)).toMatchObject({ status: 200 });
    expect(await waitFinal(paymentId)).toMatchObject({ status: "succeeded", info: { txId: paid } });
    expect(await confirmWith(other.paymentId, otherOption.id, otherHash)).toMatchObject({ status: 200 });
    expect(await waitFinal(other.paymentId)).toMatchObject({ status: "succeeded", info: { txId: otherHash } });
    // Every transfer that reached the merchant is one of the four sent to it: 3 x amount, nothing counted twice.
    expect(await client.getBalance({ address: merchant.evmAddress as Address })).toBe(3n * amount);
  });

  it("ETH with the payment's reference from a sender the option was not made for is the payment's money: the ledger settles it", async () => {
    // Confirm refuses such a hash (the option is the buyer's), but money that reaches the merchant for a
    // payment is that payment's: the ledger binds it by its reference, whoever sent it.
    const merchant = await chainMerchant({ evm: true });
    const buyer = await freshEvmAccount();
    const stranger = await freshEvmAccount();
    const { evm } = evmDevnet();
    const { paymentId } = await newPayment(merchant, "510");
    const option = await optionOf(paymentId, `${evm.chainId}:${buyer.address}`, "ETH");
    const { to, value, data } = sendParamsOf(option.actions[0]!);
    const hash = await sendEvm(stranger, { to: to as Address, value: BigInt(value), data });
    expect(await waitFinal(paymentId)).toMatchObject({ status: "succeeded", info: { txId: hash } });
  });

  it("ETH: a bound transfer of less ether than the option asks is recorded as underpaid with what arrived, never succeeded", async () => {
    const merchant = await chainMerchant({ evm: true });
    const buyer = await freshEvmAccount();
    const { evm } = evmDevnet();
    const { paymentId } = await newPayment(merchant, "800");
    const option = await optionOf(paymentId, `${evm.chainId}:${buyer.address}`, "ETH");
    const { to, value, data } = sendParamsOf(option.actions[0]!);
    const short = BigInt(value) - 10n ** 12n;
    const hash = await sendEvm(buyer, { to: to as Address, value: short, data });
    expect(await confirmWith(paymentId, option.id, hash)).toMatchObject({ status: 200 });
    expect(await waitFinal(paymentId)).toMatchObject({ status: "failed" });
    const [row] = await testDb().db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({
      status: "failed",
      exception: "underpaid",
      receivedAmount: short.toString(),
      txHash: hash,
    });
  });

  it("SOL: a EUR payment paid with a system transfer the service builds and pays the fee of, for exactly the lamports the feeds imply", async () => {
    const devnet = inject("devnet");
    const [solUsd, eurUsd] = [await latestRound(devnet, "SOL/USD"), await latestRound(devnet, "EUR/USD")];
    const { key: buyer, connection } = await freshSolanaAccount();
    const merchantKey = Keypair.generate().publicKey.toBase58();
    const merchant = await createMerchant(testDb().db, {
      name: "SOL Shop",
      currency: "EUR",
      evmAddress: null,
      solanaAddress: merchantKey,
    });
    const funded = BigInt(await connection.getBalance(buyer.publicKey));

    const { paymentId } = await newPayment(merchant, "1999", { amount: { unit: "iso4217/EUR", value: "1999" } });
    const option = await optionOf(paymentId, `${devnet.solana.chainId}:${buyer.publicKey.toBase58()}`, "SOL");
    // 19.99 EUR x EUR/USD / SOL/USD, rounded up to the lamport.
    const owed = ceilDiv(1999n * 10n ** 9n * eurUsd.answer, 100n * solUsd.answer);
    expect(owed).toBe(144_487_720n);
    expect(option.amount).toMatchObject({ unit: `caip19/${devnet.solana.chainId}/slip44:501`, value: owed.toString() });

    const fetched = (await (
      await gw(paymentId, "/fetch", { body: { optionId: option.id, data: option.actions[0]!.data.data } })
    ).json()) as { actions: WireAction[] };
    const action = fetched.actions[0]!;
    const unsigned = Transaction.from(
      Buffer.from((JSON.parse(action.walletRpc!.params) as [{ transaction: string }])[0].transaction, "base64"),
    );
    // The service pays the fee; the buyer's only instruction moves exactly the lamports owed to the merchant.
    expect(unsigned.feePayer?.toBase58()).not.toBe(buyer.publicKey.toBase58());
    const transfers = unsigned.instructions.filter((ix) => ix.programId.equals(SystemProgram.programId));
    expect(transfers).toHaveLength(1);
    expect(SystemInstruction.decodeTransfer(transfers[0]!)).toMatchObject({
      fromPubkey: buyer.publicKey,
      lamports: owed,
    });
    expect(SystemInstruction.decodeTransfer(transfers[0]!).toPubkey.toBase58()).toBe(merchantKey);

    const signed = await devnetWallet({ solana: { secretKey: encodeBase58(buyer.secretKey) } })(
      action as Parameters<ReturnType<typeof devnetWallet>>[0],
    );
    expect(await confirmWith(paymentId, option.id, signed)).toMatchObject({ status: 200 });
    expect(await waitFinal(paymentId)).toMatchObject({ status: "succeeded" });
    // The merchant's new account holds exactly the price; the buyer paid it and not a lamport of fees.
    expect(BigInt(await connection.getBalance(new PublicKey(merchantKey)))).toBe(owed);
    expect(BigInt(await connection.getBalance(buyer.publicKey))).toBe(funded - owed);
  });
});
