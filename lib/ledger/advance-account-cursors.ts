import type { AccountSignatures } from "@/lib/chains/chain-adapter";

export type CursorMove = { recipient: string; asset: string; lastSignature: string };

/**
 * Where each account's cursor moves after a pass: to the newest signature listed, but never past one
 * that must be read again (`again`: a transfer the settlement watcher still holds, a transaction the
 * node did not have yet): the cursor stops just before the first of those, so the next pass lists it
 * again. An account whose first new signature must be read again keeps its cursor. Pure.
 */
export function advanceCursors(
  listed: AccountSignatures[],
  cursors: ReadonlyMap<string, string>,
  again: ReadonlySet<string>,
): CursorMove[] {
  return listed.flatMap(({ watch, signatures }) => {
    const stop = signatures.findIndex((s) => again.has(s.signature));
    const passed = stop < 0 ? signatures : signatures.slice(0, stop);
    const last = passed.at(-1)?.signature;
    if (!last || cursors.get(`${watch.recipient} ${watch.asset}`) === last) return [];
    return [{ recipient: watch.recipient, asset: watch.asset, lastSignature: last }];
  });
}
