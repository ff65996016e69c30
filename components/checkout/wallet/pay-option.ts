import {
  createGatewayClient,
  payWithOption,
  solanaSignerFromSignTransaction,
  WalletFlowError,
  type PaymentOption,
  type PayStep,
  type Signers,
} from "@/lib/wallet";
import { formatTokenAmount } from "./format-token-amount";
import type { EvmSession, SolanaSession } from "./sessions";

export type { PayStep };

/** An option as the checkout lists it: the gateway's option plus what the buyer reads. */
export type CheckoutOption = PaymentOption & {
  chainId: string;
  kind: "typed_data" | "transaction" | "solana";
  label: string;
};

const client = () => createGatewayClient();

export async function loadOptions(paymentId: string, accounts: string[]): Promise<CheckoutOption[]> {
  const { options } = await client().getOptions(paymentId, accounts);
  return options.map((o) => {
    const first = o.actions[0]!;
    const chainId = o.account.split(":").slice(0, 2).join(":");
    const kind =
      first.type === "build"
        ? "solana"
        : first.walletRpc.method === "eth_signTypedData_v4"
          ? "typed_data"
          : "transaction";
    return {
      ...o,
      chainId,
      kind,
      label: `${formatTokenAmount(o.amount.value, o.amount.display.decimals)} ${o.amount.display.assetSymbol}`,
    };
  });
}

/** Pays with the signer of the chosen option's namespace (spec 4.5 rule 9), through lib/wallet. */
export function payOption(
  paymentId: string,
  option: CheckoutOption,
  sessions: { evm: EvmSession | null; solana: SolanaSession | null },
  onStep: (s: PayStep) => void,
) {
  const walletName = option.kind === "solana" ? sessions.solana?.walletName : sessions.evm?.walletName;
  return payWithOption({
    client: createGatewayClient({ walletName }),
    paymentId,
    option,
    signers: signersOf(sessions),
    onStep,
  });
}

function signersOf({ evm, solana }: { evm: EvmSession | null; solana: SolanaSession | null }): Signers {
  return {
    ...(evm ? { eip155: { request: (args) => evm.signer.request(args) } } : {}),
    // wallet-adapter signs web3.js objects (never sends): lib/wallet decodes and re-encodes around it.
    ...(solana ? { solana: solanaSignerFromSignTransaction(solana.signTransaction) } : {}),
  };
}

/** What the buyer reads when paying fails, and whether fresh options would help. */
export function describePayError(error: unknown): { message: string; refreshOptions: boolean } {
  if (error instanceof WalletFlowError) {
    if (error.code === "gateway_error" && error.gateway) {
      const code = error.gateway.code;
      if (code === "quote_expired")
        return {
          message: "The price quote ran out. Fresh options are loaded: choose one and pay again.",
          refreshOptions: true,
        };
      if (code === "payment_expired") return { message: "This payment has expired.", refreshOptions: false };
      if (code === "verification_failed")
        return {
          message: `The payment could not be verified: ${error.message} Nothing was taken; try again.`,
          refreshOptions: true,
        };
      return { message: error.message, refreshOptions: code === "invalid_state" };
    }
    return { message: error.message, refreshOptions: false };
  }
  return { message: "Something went wrong in the wallet. Try again.", refreshOptions: false };
}
