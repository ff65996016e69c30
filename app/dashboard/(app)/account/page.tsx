import type { Metadata } from "next";
import { cookies } from "next/headers";
import { getDb } from "@/db/client";
import { ChangePasswordForm } from "@/components/dashboard/change-password-form";
import { NotificationChoicesForm } from "@/components/dashboard/notification-choices-form";
import { PasskeysPanel } from "@/components/dashboard/passkeys-panel";
import { SessionAction } from "@/components/dashboard/session-actions";
import { TwoFactorPanel } from "@/components/dashboard/two-factor-panel";
import { isTotpEnabled } from "@/lib/users/two-factor/enrol-totp";
import { SESSION_COOKIE } from "@/lib/auth/session-cookie";
import { formatTime } from "@/lib/dashboard/format";
import { requireSession } from "@/lib/dashboard/page-session";
import { MEMBER_NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS } from "@/lib/notifications/notification-kinds";
import { readNotificationChoices } from "@/lib/notifications/notification-preferences";
import { listOwnSessions } from "@/lib/users/own-sessions";
import { listPasskeys } from "@/lib/users/passkeys/manage-passkeys";

export const metadata: Metadata = { title: "Account" };

/** The signed-in user's own account: change the password, passkeys, two-factor sign-in, notification emails, see and end sessions. */
export default async function AccountPage() {
  const session = await requireSession();
  const token = (await cookies()).get(SESSION_COOKIE)?.value ?? "";
  const db = await getDb();
  const sessions = await listOwnSessions(db, session.user.id, token);
  const totpEnabled = await isTotpEnabled(db, session.user.id);
  const chosen = await readNotificationChoices(db, session.merchant.id, session.user.id);
  const choices = MEMBER_NOTIFICATION_KINDS.map((kind) => ({
    kind,
    label: NOTIFICATION_KIND_LABELS[kind],
    enabled: chosen[kind],
  }));
  const passkeys = (await listPasskeys(db, session.user.id)).map((p) => ({
    id: p.id,
    name: p.name,
    createdAt: formatTime(p.createdAt),
    lastUsedAt: p.lastUsedAt ? formatTime(p.lastUsedAt) : null,
  }));
  return (
    <>
      <h1>Account</h1>
      <p className="dash-muted">
        Signed in as <strong>{session.user.email}</strong>.
      </p>
      <section className="dash-panel" aria-labelledby="password-heading">
        <h2 id="password-heading">Password</h2>
        <ChangePasswordForm csrfToken={session.csrfToken} />
      </section>
      <section className="dash-panel" aria-labelledby="passkeys-heading">
        <h2 id="passkeys-heading">Passkeys</h2>
        <PasskeysPanel passkeys={passkeys} csrfToken={session.csrfToken} />
      </section>
      <section className="dash-panel" aria-labelledby="two-factor-heading">
        <h2 id="two-factor-heading">Two-factor sign-in</h2>
        <TwoFactorPanel enabled={totpEnabled} csrfToken={session.csrfToken} />
      </section>
      <section className="dash-panel" aria-labelledby="notifications-heading">
        <h2 id="notifications-heading">Notification emails</h2>
        <p className="dash-muted">
          Sent to {session.user.email}. A sign-in from a new browser is always emailed to you.
        </p>
        <NotificationChoicesForm choices={choices} csrfToken={session.csrfToken} />
      </section>
      <section className="dash-panel" aria-labelledby="sessions-heading">
        <h2 id="sessions-heading">Sessions</h2>
        <p className="dash-muted">Every browser signed in to your account. Sign out any you do not recognise.</p>
        <div className="dash-table-wrap">
          <table data-testid="sessions-table">
            <thead>
              <tr>
                <th scope="col">Signed in</th>
                <th scope="col">Expires</th>
                <th scope="col">
                  <span className="dash-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr key={s.id} data-current={s.current ? "true" : undefined}>
                  <td>
                    {formatTime(s.createdAt)}
                    {s.current ? " (this browser)" : ""}
                  </td>
                  <td>{formatTime(s.expiresAt)}</td>
                  <td>{s.current ? null : <SessionAction csrfToken={session.csrfToken} sessionId={s.id} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {sessions.length > 1 ? <SessionAction csrfToken={session.csrfToken} /> : null}
      </section>
    </>
  );
}
