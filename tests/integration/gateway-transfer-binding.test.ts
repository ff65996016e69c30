import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { payments } from "@/db/schema";
import { devnetWallet } from "@payment-service/devnet/wallet";
import { evmTokenBalance } from "../support/balances";
import { testDb } from "../support/db";
import { chainMerchant, gw, newPayment, waitFinal } from "../support/gateway";

type WireOption = {
  id: string;
  amount: { display: { assetSymbol: string } };
  actions: Parameters<ReturnType<typeof devnetWallet>>[0][];
};

function victim() {
  const { evm } = inject("devnet");
  const b = evm.buyers[1]!;
  return {
    account: `${evm.chainId}:${b.address}`,
    wallet: devnetWallet({
      evm: { privateKey: b.privateKey as `0x${string}`, rpcUrl: evm.rpcUrl, chainId: evm.chainIdNumber },
    }),
  };
}

/** USDT options: a wallet-sent ERC-20 transfer, whose hash a stranger could try to claim. */
async function usdtOption(paymentId: string, account: string): Promise<WireOption> {
  const { options } = (await (await gw(paymentId, "/options", { body: { accounts: [account] } })).json()) as {
    options: WireOption[];
  };
  return options.find((o) => o.amount.display.assetSymbol === "USDT")!;
}

async function storedStatus(id: string) {
  const [row] = await testDb().db.select({ status: payments.status }).from(payments).where(eq(payments.id, id));
  return row!.status;
}

/**
 * The attack: a stranger opens an order of the same price at the same shop, asks for options naming
 * the victim's account, and confirms them with the victim's transaction hash. Each wallet-sent
 * transfer carries its option's reference after the transfer arguments, so it pays one payment only.
 */
async function race(attackerFirst: boolean) {
  const merchant = await chainMerchant();
  const victimOrder = await newPayment(merchant, "777");
  const attackerOrder = await newPayment(merchant, "777");
  const before = await evmTokenBalance("USDT", merchant.evmAddress);
  const theirs = await usdtOption(victimOrder.paymentId, victim().account);
  const stolen = await usdtOption(attackerOrder.paymentId, victim().account);
  const hash = await victim().wallet(theirs.actions[0]!);

  const victimConfirms = () =>
    gw(victimOrder.paymentId, "/confirm", { body: { optionId: theirs.id, results: [hash] } });
  const attackerConfirms = () =>
    gw(attackerOrder.paymentId, "/confirm", { body: { optionId: stolen.id, results: [hash] } });
  const [first, second] = attackerFirst
    ? [await attackerConfirms(), await victimConfirms()]
    : [await victimConfirms(), await attackerConfirms()];
  const [attacker, paid] = attackerFirst ? [first, second] : [second, first];

  expect(attacker.status).toBe(422);
  expect(((await attacker.json()) as { code: string }).code).toBe("verification_failed");
  expect(paid.status).toBe(200);
  expect(await waitFinal(victimOrder.paymentId)).toMatchObject({ status: "succeeded" });
  expect(await storedStatus(attackerOrder.paymentId)).toBe("pending");
  expect(await evmTokenBalance("USDT", merchant.evmAddress)).toBe(before + 7_770_000n);
}

describe("a wallet-sent transfer settles only the payment it was made for", () => {
  it("the attacker confirms the victim's transfer first: refused, and the victim's order is paid", () => race(true));
  it("the victim confirms first: paid, and the attacker's claim is refused", () => race(false));
});
