import type postgres from "postgres";

const FINAL = ["succeeded", "failed", "expired"];

export type Finals = {
  /** When the bench received a final payment's last status notification (performance.now()). */
  finalAt: (id: string) => number | undefined;
  /** Final statuses as read. */
  status: Map<string, string>;
  /** Resolves once every payment is final, or after `timeoutMs`; stops listening. */
  wait: (timeoutMs: number) => Promise<void>;
};

/**
 * When each of `ids` becomes final, without asking the app: the trigger of migration 0004
 * NOTIFYs `payment_status` at the commit of every status change, and the final one is the last a
 * payment gets. So a payment's final moment is the arrival of its last notification; statuses are
 * read (one query for all notified ids, every 50 ms, and a sweep of all every second in case a
 * notification went missing) only to know which are final. Listening starts before confirms fire.
 */
export async function listenForFinals(sql: postgres.Sql, ids: string[]): Promise<Finals> {
  const ours = new Set(ids);
  const notified = new Map<string, number>();
  const toRead = new Set<string>();
  const status = new Map<string, string>();
  const { unlisten } = await sql.listen("payment_status", (id) => {
    if (!ours.has(id)) return;
    notified.set(id, performance.now());
    toRead.add(id);
  });

  const read = async (batch: string[]) => {
    if (batch.length === 0) return;
    const rows = await sql<{ id: string; status: string }[]>`select id, status from payments where id = any(${batch})`;
    for (const row of rows) if (FINAL.includes(row.status)) status.set(row.id, row.status);
  };

  const wait = async (timeoutMs: number) => {
    const deadline = performance.now() + timeoutMs;
    let sweptAt = performance.now();
    try {
      while (status.size < ours.size && performance.now() < deadline) {
        const batch = [...toRead];
        toRead.clear();
        await read(batch);
        if (performance.now() - sweptAt > 1000) {
          sweptAt = performance.now();
          await read(ids.filter((id) => !status.has(id)));
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      // A notification sent at the final commit may arrive just after the read that saw the status.
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      await unlisten();
    }
  };

  return { finalAt: (id) => (status.has(id) ? notified.get(id) : undefined), status, wait };
}
