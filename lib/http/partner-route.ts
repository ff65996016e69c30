import { authenticatePartner } from "@/lib/auth/authenticate-partner";
import { dbRoute, type WithDb } from "./db-route";

type Partner = Awaited<ReturnType<typeof authenticatePartner>>;

/** Platform API handlers, authenticated by the partner's key before they run. */
export function partnerRoute<P = Record<string, never>>(
  handler: (input: WithDb<P> & { partner: Partner }) => Promise<Response>,
) {
  return dbRoute<P>(async (input) =>
    handler({ ...input, partner: await authenticatePartner(input.db, input.req.headers) }),
  );
}
