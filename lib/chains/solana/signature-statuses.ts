import type { Connection, SignatureStatus } from "@solana/web3.js";
import { solanaRpc } from "./solana-connection";

/** The most signatures one getSignatureStatuses call answers. */
const MAX_PER_CALL = 256;
/**
 * How long a status read waits for others to join it. The settlement watcher checks its due payments
 * at once and the ledger's finality watch its transfers: their reads reach here within a few ms.
 */
const GATHER_MS = 5;

type Waiter = { signature: string; resolve: (s: SignatureStatus | null) => void; reject: (e: unknown) => void };
const gathering = new WeakMap<Connection, Waiter[]>();

/**
 * One signature's status (history searched, so an old one is found too), asked together with every
 * other signature asked of the same connection within GATHER_MS: one getSignatureStatuses answers up
 * to 256, so a pass over a hundred Solana payments costs one call instead of a hundred. A failed call
 * fails every read it carried (each caller retries on its own schedule, as it would have alone).
 */
export function signatureStatus(connection: Connection, signature: string): Promise<SignatureStatus | null> {
  return new Promise((resolve, reject) => {
    let waiters = gathering.get(connection);
    if (!waiters) {
      waiters = [];
      gathering.set(connection, waiters);
      setTimeout(() => ask(connection), GATHER_MS);
    }
    waiters.push({ signature, resolve, reject });
  });
}

function ask(connection: Connection): void {
  const waiters = gathering.get(connection) ?? [];
  gathering.delete(connection);
  for (let i = 0; i < waiters.length; i += MAX_PER_CALL) {
    const batch = waiters.slice(i, i + MAX_PER_CALL);
    const signatures = [...new Set(batch.map((w) => w.signature))];
    solanaRpc("getSignatureStatuses", () =>
      connection.getSignatureStatuses(signatures, { searchTransactionHistory: true }),
    ).then(
      ({ value }) => {
        const statuses = new Map(signatures.map((s, j) => [s, value[j] ?? null]));
        for (const w of batch) w.resolve(statuses.get(w.signature) ?? null);
      },
      (err: unknown) => {
        for (const w of batch) w.reject(err);
      },
    );
  }
}
