import type { Metadata } from "next";
import { ResetPasswordForm } from "@/components/dashboard/reset-password-form";

export const metadata: Metadata = { title: "Reset your password", referrer: "no-referrer" };

/** Where a reset link lands (`/dashboard/reset-password#token=…`): choose a new password. */
export default function ResetPasswordPage() {
  return (
    <main className="dash-auth">
      <div className="dash-panel">
        <h1>Choose a new password</h1>
        <ResetPasswordForm />
      </div>
    </main>
  );
}
