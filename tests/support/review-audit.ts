import { z } from "zod";

/** One advisory npm audit found in the installed tree (a `via` entry of its JSON report). */
export type Advisory = { id: string; package: string; title: string; severity: string; url: string };

/** An advisory someone reviewed and accepted, with why: scripts/audit-allowlist.json. */
const allowlistSchema = z.object({
  advisories: z.array(
    z.object({
      id: z.string().regex(/^GHSA(-[23456789cfghjmpqrvwx]{4}){3}$/),
      package: z.string().min(1),
      reason: z.string().min(20),
      reviewed: z.iso.date(),
    }),
  ),
});
export type Allowlist = z.infer<typeof allowlistSchema>;

export function parseAllowlist(json: unknown): Allowlist {
  return allowlistSchema.parse(json);
}

// `npm audit --json` (report version 2): each vulnerable package lists its advisories in `via`, as objects,
// or the names of the vulnerable packages it depends on (strings), which have their own entries.
const reportSchema = z.object({
  vulnerabilities: z.record(
    z.string(),
    z.object({
      via: z.array(
        z.union([
          z.string(),
          z.object({ name: z.string(), title: z.string(), url: z.string(), severity: z.string() }).loose(),
        ]),
      ),
    }),
  ),
});

/** npm could not ask the advisory service (npm audit printed an error instead of a report). */
export class AuditUnavailableError extends Error {}

/** The advisories of an `npm audit --json` report, each once. */
export function advisoriesOf(json: unknown): Advisory[] {
  const parsed = reportSchema.safeParse(json);
  if (!parsed.success) {
    const message = (json as { message?: unknown; error?: { summary?: unknown } } | null) ?? {};
    throw new AuditUnavailableError(String(message.message ?? message.error?.summary ?? "no audit report"));
  }
  const found = new Map<string, Advisory>();
  for (const vulnerability of Object.values(parsed.data.vulnerabilities))
    for (const via of vulnerability.via) {
      if (typeof via === "string") continue;
      const id = via.url.match(/GHSA(-[0-9a-z]{4}){3}$/)?.[0] ?? via.url;
      found.set(`${id} ${via.name}`, { id, package: via.name, title: via.title, severity: via.severity, url: via.url });
    }
  return [...found.values()];
}

/**
 * Sorts a report's advisories into those the allowlist accepts (same advisory, same package) and those
 * nobody reviewed; `stale` are allowlist entries npm no longer reports (to prune).
 */
export function reviewAudit(advisories: Advisory[], allowlist: Allowlist) {
  const accepts = (a: Advisory) => allowlist.advisories.some((e) => e.id === a.id && e.package === a.package);
  return {
    accepted: advisories.filter(accepts),
    unreviewed: advisories.filter((a) => !accepts(a)),
    stale: allowlist.advisories.filter((e) => !advisories.some((a) => a.id === e.id && a.package === e.package)),
  };
}
