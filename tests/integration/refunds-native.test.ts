import { sendAndConfirmTransaction, SystemProgram, Transaction } from "@solana/web3.js";
import type { Address } from "viem";
import { describe, expect, inject, it } from "vitest";
import { encodeBase58 } from "@/lib/chains/solana/base58";
import { markExceptionPaid } from "@/lib/payments/mark-exception-paid";
import { devnetWallet } from "@payment-service/devnet/wallet";
import { testDb } from "../support/db";
import { gw, newPayment, waitFinal } from "../support/gateway";
import {
  confirmWith,
  evmDevnet,
  freshEvmAccount,
  freshSolanaAccount,
  optionOf,
  sendEvm,
} from "../support/native-coins";
import { paymentRow, postWalletRefund, refundShop } from "../support/refund-shop";

// A payment made in the network's own coin is refunded the same way, from the merchant's own wallet:
// the service verifies on chain that exactly the coin's amount went from the receiving address back to
// the buyer before it records the refund.

type Perform = Parameters<ReturnType<typeof devnetWallet>>[0];

describe("refunds of payments in ETH and SOL, sent from the merchant's wallet", () => {
  it("ETH: a refund of another value is 422 and records nothing; the exact value back to the buyer is recorded", async () => {
    const { evm, client } = evmDevnet();
    const merchantWallet = await freshEvmAccount();
    const buyer = await freshEvmAccount();
    const { user, merchant } = await refundShop({ evmAddress: merchantWallet.address });
    const { paymentId } = await newPayment(merchant, "2000");
    const option = await optionOf(paymentId, `${evm.chainId}:${buyer.address}`, "ETH");
    const hash = await devnetWallet({
      evm: { privateKey: buyer.privateKey, rpcUrl: evm.rpcUrl, chainId: evm.chainIdNumber },
    })(option.actions[0] as Perform);
    expect(await confirmWith(paymentId, option.id, hash)).toMatchObject({ status: 200 });
    expect(await waitFinal(paymentId)).toMatchObject({ status: "succeeded" });
    const amount = BigInt((await paymentRow(paymentId)).tokenAmount!);

    const short = await postWalletRefund(
      user,
      paymentId,
      await sendEvm(merchantWallet, { to: buyer.address, value: amount - 1n }),
    );
    expect(short.status).toBe(422);
    expect(await paymentRow(paymentId)).toMatchObject({ refundedAt: null, refundTxHash: null });
    // The payment's own transaction (buyer to merchant) is not a refund.
    expect((await postWalletRefund(user, paymentId, hash)).status).toBe(422);

    const before = await client.getBalance({ address: buyer.address as Address });
    const refund = await sendEvm(merchantWallet, { to: buyer.address, value: amount });
    expect(await client.getBalance({ address: buyer.address as Address })).toBe(before + amount);
    const res = await postWalletRefund(user, paymentId, refund);
    expect(res.status).toBe(200);
    expect(await paymentRow(paymentId)).toMatchObject({ refundedBy: user.email, refundTxHash: refund.toLowerCase() });
  });

  it("SOL: a refund of another amount is 422; the exact lamports back to the buyer, fee paid by the merchant, are recorded", async () => {
    const { solana } = inject("devnet");
    const { key: merchantKey, connection } = await freshSolanaAccount(1);
    const { key: buyer } = await freshSolanaAccount(2);
    const { user, merchant } = await refundShop({ solanaAddress: merchantKey.publicKey.toBase58() });
    const { paymentId } = await newPayment(merchant, "1500");
    const option = await optionOf(paymentId, `${solana.chainId}:${buyer.publicKey.toBase58()}`, "SOL");
    const fetched = (await (
      await gw(paymentId, "/fetch", { body: { optionId: option.id, data: option.actions[0]!.data.data } })
    ).json()) as { actions: Perform[] };
    const signed = await devnetWallet({ solana: { secretKey: encodeBase58(buyer.secretKey) } })(fetched.actions[0]!);
    expect(await confirmWith(paymentId, option.id, signed)).toMatchObject({ status: 200 });
    expect(await waitFinal(paymentId)).toMatchObject({ status: "succeeded" });
    const amount = BigInt((await paymentRow(paymentId)).tokenAmount!);

    const send = (lamports: bigint) =>
      sendAndConfirmTransaction(
        connection,
        new Transaction().add(
          SystemProgram.transfer({ fromPubkey: merchantKey.publicKey, toPubkey: buyer.publicKey, lamports }),
        ),
        [merchantKey],
        { commitment: "confirmed" },
      );
    expect((await postWalletRefund(user, paymentId, await send(amount + 1n))).status).toBe(422);
    expect(await paymentRow(paymentId)).toMatchObject({ refundedAt: null });

    const before = BigInt(await connection.getBalance(buyer.publicKey));
    const refund = await send(amount);
    expect(BigInt(await connection.getBalance(buyer.publicKey))).toBe(before + amount);
    const res = await postWalletRefund(user, paymentId, refund);
    expect(res.status).toBe(200);
    expect(await paymentRow(paymentId)).toMatchObject({ refundedBy: user.email, refundTxHash: refund });
  });
});

describe("refund of a payment that did not carry the option's amount", () => {
  it("an underpaid ETH payment the merchant accepted is refunded what arrived: the option's amount is refused", async () => {
    const { evm } = evmDevnet();
    const merchantWallet = await freshEvmAccount();
    const buyer = await freshEvmAccount();
    const { user, merchant } = await refundShop({ evmAddress: merchantWallet.address });
    const { paymentId } = await newPayment(merchant, "900");
    const option = await optionOf(paymentId, `${evm.chainId}:${buyer.address}`, "ETH");
    const { to, value, data } = JSON.parse(option.actions[0]!.walletRpc!.params)[0] as {
      to: Address;
      value: `0x${string}`;
      data: `0x${string}`;
    };
    const asked = BigInt(value);
    const arrived = asked - 10n ** 13n;
    const hash = await sendEvm(buyer, { to, value: arrived, data });
    expect(await confirmWith(paymentId, option.id, hash)).toMatchObject({ status: 200 });
    expect(await waitFinal(paymentId)).toMatchObject({ status: "failed" });
    expect(await paymentRow(paymentId)).toMatchObject({ exception: "underpaid", receivedAmount: arrived.toString() });
    // The merchant keeps the short payment as paid, then refunds it.
    await markExceptionPaid(testDb().db, { merchantId: merchant.merchantId, paymentId, decidedBy: user.email });

    const tooMuch = await postWalletRefund(
      user,
      paymentId,
      await sendEvm(merchantWallet, { to: buyer.address, value: asked }),
    );
    expect(tooMuch.status).toBe(422);
    expect(await paymentRow(paymentId)).toMatchObject({ refundedAt: null });
    const exact = await sendEvm(merchantWallet, { to: buyer.address, value: arrived });
    expect((await postWalletRefund(user, paymentId, exact)).status).toBe(200);
    expect(await paymentRow(paymentId)).toMatchObject({ refundTxHash: exact.toLowerCase() });
  });
});
