import type { Metadata } from "next";
import Link from "next/link";
import { ForgotPasswordForm } from "@/components/dashboard/forgot-password-form";

export const metadata: Metadata = { title: "Forgot your password" };

/** Ask for a password reset link by email. */
export default function ForgotPasswordPage() {
  return (
    <main className="dash-auth">
      <div className="dash-panel">
        <h1>Forgot your password?</h1>
        <p className="dash-muted">Give the email you sign in with; we send a link to choose a new password.</p>
        <ForgotPasswordForm />
        <p className="dash-muted">
          <Link href="/dashboard/sign-in">Back to sign in</Link>
        </p>
      </div>
    </main>
  );
}
