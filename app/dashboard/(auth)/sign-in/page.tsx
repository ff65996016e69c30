import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthForm } from "@/components/dashboard/auth-form";
import { env } from "@/lib/env";
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
          <Link href="/dashboard/forgot-password">Forgot your password?</Link>
        </p>
        <p className="dash-muted">
          New here?{" "}
          <Link href="/dashboard/sign-up">
            {env().SIGN_UP === "open" ? "Create an account" : "How to get an account"}
          </Link>
        </p>
      </div>
    </main>
  );
}
