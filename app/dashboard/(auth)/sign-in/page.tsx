import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthForm } from "@/components/dashboard/auth-form";
import { currentSession } from "@/lib/dashboard/page-session";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage() {
  if (await currentSession()) redirect("/dashboard");
  return (
    <main className="dash-auth">
      <div className="dash-panel">
        <h1>Sign in to your dashboard</h1>
        <AuthForm mode="sign-in" />
        <p className="dash-muted">
          New here? <Link href="/dashboard/sign-up">Create an account</Link>
        </p>
      </div>
    </main>
  );
}
