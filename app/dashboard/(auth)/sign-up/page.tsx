import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthForm } from "@/components/dashboard/auth-form";
import { env } from "@/lib/env";
import { currentSession } from "@/lib/dashboard/page-session";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage() {
  if (await currentSession()) redirect("/dashboard");
  const open = env().SIGN_UP === "open";
  return (
    <main className="dash-auth">
      <div className="dash-panel">
        {open ? (
          <>
            <h1>Create your merchant account</h1>
            <AuthForm mode="sign-up" />
          </>
        ) : (
          <>
            <h1>Sign-up is closed</h1>
            <p>This service does not take new merchants on its own. Its operator creates accounts: ask them for one.</p>
            <p className="dash-muted">Operators invite a merchant with the command-line tool, then give them a user:</p>
            <p>
              <code>npm run --silent cli -- merchant create --name &quot;Shop name&quot; --json</code>
            </p>
            <p>
              <code>
                echo &apos;their password&apos; | npm run --silent cli -- user create &lt;merchantId&gt; --email
                ann@shop.example --password-stdin
              </code>
            </p>
            <p className="dash-muted">
              Or set <code>SIGN_UP=open</code> to let anyone sign up here.
            </p>
          </>
        )}
        <p className="dash-muted">
          Already have an account? <Link href="/dashboard/sign-in">Sign in</Link>
        </p>
      </div>
    </main>
  );
}
