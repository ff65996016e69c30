import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from "@solana/spl-token";
import { Connection, Keypair, PublicKey, sendAndConfirmTransaction, Transaction } from "@solana/web3.js";
import { createWalletClient, erc20Abi, http, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, inject, it } from "vitest";
import { decodeBase58 } from "@/lib/chains/solana/base58";
import { evmTokenBalance, solanaUsdcOf } from "../support/balances";
import { dash, type DashboardUser } from "../support/dashboard";
import { newPayment, waitFinal } from "../support/gateway";
import { evmDevnet } from "../support/native-coins";
import { paymentRow, postWalletRefund, refundShop } from "../support/refund-shop";
import { confirmAt, signWithDevnetBuyer } from "../support/pay-steps";

/** A payment paid for real on the devnet by buyer `index`, succeeded; its row as the service left it. */
async function paidPayment(
  merchant: { merchantId: string; apiKey: string; keyId: string },
  namespace: "eip155" | "solana",
  index: number,
) {
  const { paymentId } = await newPayment(merchant, "1250");
  const signed = await signWithDevnetBuyer({ url: inject("baseUrl") } as never, {
    paymentId,
    namespace,
    symbol: "USDC",
    buyerIndex: index,
  });
  expect((await confirmAt({ url: inject("baseUrl") } as never, signed))?.status).toBe(200);
  expect((await waitFinal(paymentId)).status).toBe("succeeded");
  return paymentRow(paymentId);
}

const MINT_ABI = [
  {
    type: "function",
    name: "mint",
    stateMutability: "nonpayable",
    inputs: [
      { name: "to", type: "address" },
      { name: "amount", type: "uint256" },
    ],
    outputs: [],
  },
] as const;

function evmMerchantWallet(privateKey: Hex) {
  const { evm, chain, client: publicClient } = evmDevnet();
  const wallet = createWalletClient({ account: privateKeyToAccount(privateKey), chain, transport: http(evm.rpcUrl) });
  const usdc = evm.tokens.find((t) => t.symbol === "USDC")!.address as Address;
  return {
    /** An ERC-20 transfer the merchant's own wallet sends (and pays gas for), mined. */
    async transfer(to: string, amount: bigint): Promise<Hex> {
      const hash = await wallet.writeContract({
        address: usdc,
        abi: erc20Abi,
        functionName: "transfer",
        args: [to as Address, amount],
      });
      expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
      return hash;
    },
    /** Gas, and tokens beyond the payment's, for the refunds that must be refused. */
    async fund() {
      await publicClient.request({
        method: "anvil_setBalance" as never,
        params: [wallet.account.address, "0x8ac7230489e80000"] as never,
      });
      const minter = createWalletClient({
        account: privateKeyToAccount(evm.deployer.privateKey as Hex),
        chain,
        transport: http(evm.rpcUrl),
      });
      const hash = await minter.writeContract({
        address: usdc,
        abi: MINT_ABI,
        functionName: "mint",
        args: [wallet.account.address, 100_000_000n],
      });
      await publicClient.waitForTransactionReceipt({ hash });
    },
  };
}

describe("refund from the merchant's wallet, verified on chain (EVM)", () => {
  it("records a correct refund; a wrong amount, a wrong recipient or the payment's own transaction is 422 and records nothing", async () => {
    const key = generatePrivateKey();
    const merchantAddress = privateKeyToAccount(key).address;
    const { user, merchant } = await refundShop({ evmAddress: merchantAddress });
    const payment = await paidPayment(merchant, "eip155", 2);
    const amount = BigInt(payment.tokenAmount!);
    const buyer = payment.buyerAccount!.split(":")[2]!;
    const wallet = evmMerchantWallet(key);
    await wallet.fund();
    expect(await page(user, payment.id)).toContain(">Refund from my wallet</button>");

    const refused = async (txHash: string, why: RegExp) => {
      const res = await postWalletRefund(user, payment.id, txHash);
      expect(res.status, txHash).toBe(422);
      const body = await res.json();
      expect(body.code).toBe("verification_failed");
      expect(body.message).toMatch(why);
      expect(await paymentRow(payment.id)).toMatchObject({ refundedAt: null, refundTxHash: null });
    };
    await refused(await wallet.transfer(buyer, amount - 1n), /Transfer of/);
    await refused(await wallet.transfer(privateKeyToAccount(generatePrivateKey()).address, amount), /Transfer of/);
    await refused(payment.txHash!, /already recorded/);
    await refused(`0x${"ab".repeat(32)}`, /does not know/);

    const before = await evmTokenBalance("USDC", buyer);
    const hash = await wallet.transfer(buyer, amount);
    expect(await evmTokenBalance("USDC", buyer)).toBe(before + amount);
    const res = await postWalletRefund(user, payment.id, hash);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      paymentId: payment.id,
      refundedBy: user.email,
      refundTxHash: hash.toLowerCase(),
    });
    expect(await paymentRow(payment.id)).toMatchObject({
      status: "succeeded",
      refundedBy: user.email,
      refundTxHash: hash.toLowerCase(),
    });
    const html = await page(user, payment.id);
    expect(html).toMatch(/data-testid="refund-tx"[^>]*>Refund transaction: /);
    expect(html).toContain(hash.toLowerCase());

    // The same refund transaction cannot refund a second payment.
    const second = await paidPayment(merchant, "eip155", 2);
    const again = await postWalletRefund(user, second.id, hash);
    expect(again.status).toBe(422);
    expect((await paymentRow(second.id)).refundedAt).toBeNull();
  });
});

describe("a refund must come after the payment", () => {
  it("a merchant-to-buyer transfer mined before the payment existed is refused as its refund, however close in time", async () => {
    const key = generatePrivateKey();
    const { user, merchant } = await refundShop({ evmAddress: privateKeyToAccount(key).address });
    const wallet = evmMerchantWallet(key);
    await wallet.fund();
    // The buyer's address and the amount are known in advance: 12.50 USD in USDC (6 decimals).
    const buyer = inject("devnet").evm.buyers[2]!.address;
    const early = await wallet.transfer(buyer, 12_500_000n);
    const payment = await paidPayment(merchant, "eip155", 2);
    expect(BigInt(payment.tokenAmount!)).toBe(12_500_000n);

    const res = await postWalletRefund(user, payment.id, early);
    expect(res.status).toBe(422);
    expect((await res.json()).message).toMatch(/before the payment/);
    expect(await paymentRow(payment.id)).toMatchObject({ refundedAt: null, refundTxHash: null });
  });
});

describe("refund from the merchant's wallet, verified on chain (Solana)", () => {
  it("records an SPL refund the merchant's wallet sent and paid the fee for; a wrong amount is 422", async () => {
    const { solana } = inject("devnet");
    // A devnet key the test holds (with SOL for fees) receives this shop's payments.
    const merchantKey = Keypair.fromSecretKey(decodeBase58(solana.buyers[1]!.secretKey)!);
    const { user, merchant } = await refundShop({ solanaAddress: merchantKey.publicKey.toBase58() });
    const payment = await paidPayment(merchant, "solana", 0);
    const amount = BigInt(payment.tokenAmount!);
    const buyer = new PublicKey(payment.buyerAccount!.split(":")[2]!);
    const connection = new Connection(solana.rpcUrl, "confirmed");
    const mint = new PublicKey(solana.tokens.find((t) => t.symbol === "USDC")!.mint);
    // The devnet confirms a transaction in its own slot, so a refund sent at once could land in the
    // payment's slot, which the service refuses (a transfer not after the payment cannot refund it).
    // A merchant's refund on a real cluster comes slots later: wait for the next slot, as there.
    const paidSlot = (await connection.getTransaction(payment.txHash!, { maxSupportedTransactionVersion: 0 }))!.slot;
    while ((await connection.getSlot()) <= paidSlot) await new Promise((r) => setTimeout(r, 50));
    const send = (value: bigint) => {
      const source = getAssociatedTokenAddressSync(mint, merchantKey.publicKey, true);
      const destination = getAssociatedTokenAddressSync(mint, buyer, true);
      const tx = new Transaction().add(
        createAssociatedTokenAccountIdempotentInstruction(merchantKey.publicKey, destination, buyer, mint),
        createTransferCheckedInstruction(source, mint, destination, merchantKey.publicKey, value, 6),
      );
      return sendAndConfirmTransaction(connection, tx, [merchantKey], { commitment: "confirmed" });
    };

    const short = await postWalletRefund(user, payment.id, await send(amount - 1n));
    expect(short.status, await short.clone().text()).toBe(422);
    expect((await paymentRow(payment.id)).refundedAt).toBeNull();

    const before = await solanaUsdcOf(buyer.toBase58());
    const signature = await send(amount);
    expect(await solanaUsdcOf(buyer.toBase58())).toBe(before + amount);
    const res = await postWalletRefund(user, payment.id, signature);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await paymentRow(payment.id)).toMatchObject({ refundedBy: user.email, refundTxHash: signature });
  });
});

async function page(user: DashboardUser, id: string): Promise<string> {
  const res = await dash(`/dashboard/payments/${id}`, { headers: { cookie: user.cookie } });
  expect(res.status).toBe(200);
  return (await res.text()).replaceAll("<!-- -->", "");
}
