export type FieldIssue = { field: string; message: string };
export type DashboardResult<T> = { ok: true; data: T } | { ok: false; message: string; issues: FieldIssue[] };

/** JSON call to a dashboard route with the session's CSRF token; errors come back as values to show. */
export async function dashboardFetch<T>(
  url: string,
  init: { method: string; body?: unknown; csrfToken?: string },
): Promise<DashboardResult<T>> {
  try {
    const res = await fetch(url, {
      method: init.method,
      headers: { "content-type": "application/json", ...(init.csrfToken ? { "x-csrf-token": init.csrfToken } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "same-origin",
    });
    const data = (await res.json().catch(() => ({}))) as T & { message?: string; issues?: FieldIssue[] };
    if (res.ok) return { ok: true, data };
    return { ok: false, message: data.message ?? `The server answered ${res.status}`, issues: data.issues ?? [] };
  } catch {
    return { ok: false, message: "Could not reach the server; check your connection and try again", issues: [] };
  }
}

/** The first message for a field, if any. */
export function issueFor(issues: FieldIssue[], field: string): string | undefined {
  return issues.find((i) => i.field === field || i.field.startsWith(`${field}.`))?.message;
}
