export type GasStatus = "ok" | "low" | "unknown";

/** Low when the balance is under the line; unknown when the chain did not tell us the balance. */
export function gasStatusOf(balance: bigint | null, warnBelow: bigint): GasStatus {
  if (balance === null) return "unknown";
  return balance < warnBelow ? "low" : "ok";
}

/** What a gas key's previous readings left behind: the last status, and the last one that was read. */
export type GasMemory = { status: GasStatus; known?: "ok" | "low" };

/** A change an operator must hear about once, not on every reading. */
export type GasCrossing = "went_low" | "recovered" | "unreadable";

/**
 * The crossing a new reading makes, given the memory of the readings before (none on the first).
 * A first reading that is already low counts as going low. An unreadable chain forgets nothing:
 * low, unknown, low again is a single crossing, and ok, unknown, low still warns.
 */
export function gasCrossingOf(
  memory: GasMemory | undefined,
  status: GasStatus,
): { memory: GasMemory; crossing?: GasCrossing } {
  if (status === "unknown") {
    return {
      memory: { status, known: memory?.known },
      crossing: memory?.status === "unknown" ? undefined : "unreadable",
    };
  }
  const crossing =
    status === "low" && memory?.known !== "low"
      ? "went_low"
      : status === "ok" && memory?.known === "low"
        ? "recovered"
        : undefined;
  return { memory: { status, known: status }, crossing };
}
