import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthForm } from "@/components/dashboard/auth-form";
import { currentSession } from "@/lib/dashboard/page-session";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage() {
  if (await currentSession()) redirect("/dashboard");
  return (
    <main className="dash-auth">
      <div className="dash-panel">
        <h1>Create your merchant account</h1>
        <AuthForm mode="sign-up" />
        <p className="dash-muted">
          Already have an account? <Link href="/dashboard/sign-in">Sign in</Link>
        </p>
      </div>
    </main>
  );
}
