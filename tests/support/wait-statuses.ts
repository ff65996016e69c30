import { inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { payments } from "@/db/schema";

/** Polls the payments' statuses in `db` until every one is `want` or `ms` have passed; returns id -> status. */
export async function waitStatuses(
  db: Db,
  { ids, want, ms }: { ids: string[]; want: string; ms: number },
): Promise<Record<string, string>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const rows = await db
      .select({ id: payments.id, status: payments.status })
      .from(payments)
      .where(inArray(payments.id, ids));
    if (rows.every((r) => r.status === want) || Date.now() > deadline)
      return Object.fromEntries(rows.map((r) => [r.id, r.status]));
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `{ id: want, … }` for `ids`: what waitStatuses returns when all got there. */
export const allAre = (ids: string[], want: string) => Object.fromEntries(ids.map((id) => [id, want]));
