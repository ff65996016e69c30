import type { ReactNode } from "react";
import { MerchantMark } from "@/components/dashboard/merchant-mark";
import { NavLinks } from "@/components/dashboard/nav-links";
import { SignOutButton } from "@/components/dashboard/sign-out-button";
import { requireSession } from "@/lib/dashboard/page-session";

/** Signed-in pages: header with the merchant, the sections and sign out. No session: off to sign in. */
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const session = await requireSession();
  return (
    <>
      <a className="skip" href="#content">
        Skip to content
      </a>
      <header className="dash-header">
        <div className="dash-brand">
          <MerchantMark name={session.merchant.name} iconUrl={session.merchant.iconUrl} />
          <span data-testid="merchant-name">{session.merchant.name}</span>
        </div>
        <NavLinks role={session.user.role} twoFactorMissing={session.twoFactorMissing} />
        <div className="dash-user">
          <span>{session.user.email}</span>
          <SignOutButton csrfToken={session.csrfToken} />
        </div>
      </header>
      <main className="dash-main" id="content" tabIndex={-1}>
        {session.twoFactorMissing ? (
          <p className="dash-error" role="alert" data-testid="two-factor-required">
            Your team requires two-factor sign-in. Add an authenticator app or a passkey below to use the dashboard.
          </p>
        ) : null}
        {children}
      </main>
    </>
  );
}
