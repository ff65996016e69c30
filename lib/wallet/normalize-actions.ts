import { wireActionSchema, type WalletAction } from "./wallet-actions";
import { WalletFlowError } from "./wallet-error";

/**
 * Actions as the gateway sends them (either wire form, see wallet-actions.ts) in the spec's view.
 * The gateway client already does this; exported for wallets that hold raw option JSON.
 */
export function normalizeActions(wire: unknown): WalletAction[] {
  const parsed = wireActionSchema.array().safeParse(wire);
  if (!parsed.success)
    throw new WalletFlowError(
      "invalid_action",
      `Unreadable payment actions: ${parsed.error.issues[0]?.message ?? "invalid"}.`,
    );
  return parsed.data;
}
