import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import de from "@/lib/i18n/messages/de.json";
import en from "@/lib/i18n/messages/en.json";
import {
  checkoutRequestsSchema,
  exactAmount,
  requestKey,
  requestLabel,
} from "@/components/checkout/phone-wallet/request-view";

const english = createTranslator({ locale: "en", messages: en, namespace: "checkout.phoneWallet" });
const german = createTranslator({ locale: "de", messages: de, namespace: "checkout.phoneWallet" });
const label = (r: Parameters<typeof requestLabel>[0], t = english) => t(requestLabel(r).key, requestLabel(r).values);

const wire = {
  chainId: "eip155:8453",
  asset: "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  amount: {
    value: "12500001",
    display: { assetSymbol: "USDC", decimals: 6, networkName: "Base", assetName: "USD Coin" },
  },
  kind: "eip681",
  uri: "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x1&uint256=12500001",
  expiresAt: 1_800_000_000,
};

describe("the checkout's payment requests", () => {
  it("say the exact amount with every digit and the network to send it on", () => {
    const [request] = checkoutRequestsSchema.parse({ requests: [wire] }).requests;
    expect(`Send exactly ${exactAmount(request!, "en")} on ${request!.amount.display.networkName}`).toBe(
      "Send exactly 12.500001 USDC on Base",
    );
    expect(exactAmount(request!, "de")).toBe("12,500001 USDC");
    expect(label(request!)).toBe("USDC on Base");
    expect(label(request!, german)).toBe("USDC auf Base");
    expect(requestKey(request!)).toBe(`eip681|${wire.chainId}|${wire.asset}`);
  });

  it("tell a Solana asset's transaction request from its transfer request, in the selector and its choice", () => {
    const solana = {
      ...wire,
      chainId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
      asset: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/token:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
      amount: { value: "12500000", display: { assetSymbol: "USDC", decimals: 6, networkName: "Solana" } },
    };
    const { requests } = checkoutRequestsSchema.parse({
      requests: [
        {
          ...solana,
          kind: "solana-pay-transaction",
          uri: "solana:https://pay.example/v1/gateway/payment/pay_1/solana-pay/x",
        },
        { ...solana, kind: "solana-pay-transfer", uri: "solana:merchant?amount=12.5" },
      ],
    });
    expect(requests.map((r) => label(r))).toEqual(["USDC on Solana (no network fee)", "USDC on Solana"]);
    expect(new Set(requests.map(requestKey)).size).toBe(2);
  });

  it("refuse a request the page could not describe exactly", () => {
    const noDecimals = {
      ...wire,
      amount: { value: "12500001", display: { assetSymbol: "USDC", networkName: "Base" } },
    };
    expect(checkoutRequestsSchema.safeParse({ requests: [noDecimals] }).success).toBe(false);
    const notBaseUnits = { ...wire, amount: { ...wire.amount, value: "12.5" } };
    expect(checkoutRequestsSchema.safeParse({ requests: [notBaseUnits] }).success).toBe(false);
  });
});
