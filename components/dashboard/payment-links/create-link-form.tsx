"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { parseFiatInput } from "@/lib/money/parse-fiat-input";
import { dashboardFetch, issueFor, type FieldIssue } from "../dashboard-fetch";
import { Field } from "../field";

type Kind = "fixed" | "range";

/**
 * A new payment link: what it is for, a fixed price or a range the buyer picks from (typed in the
 * merchant's currency, sent as minor units), and optional HTTPS redirects for the checkout.
 */
export function CreateLinkForm({ csrfToken, currency }: { csrfToken: string; currency: string }) {
  const router = useRouter();
  const [kind, setKind] = useState<Kind>("fixed");
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [created, setCreated] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    const typed: FieldIssue[] = [];
    const minor = (name: string, field: string) => {
      const value = parseFiatInput(text(name), currency);
      if (value === undefined || value <= 0n)
        typed.push({ field, message: `Enter an amount in ${currency}, such as 12.50` });
      return value?.toString();
    };
    const amounts =
      kind === "fixed"
        ? { amount: minor("linkAmount", "amount") }
        : {
            minimumAmount: minor("linkMinimum", "minimumAmount"),
            maximumAmount: minor("linkMaximum", "maximumAmount"),
          };
    if (typed.length) {
      setIssues(typed);
      setError(null);
      return;
    }
    const successUrl = text("linkSuccessUrl");
    const errorUrl = text("linkErrorUrl");
    const body = {
      description: text("linkDescription"),
      ...amounts,
      ...(successUrl || errorUrl ? { checkout: { successUrl, errorUrl } } : {}),
    };
    const result = await dashboardFetch<{ url: string }>("/dashboard/api/payment-links", {
      method: "POST",
      body,
      csrfToken,
    });
    if (!result.ok) {
      setError(result.message);
      setIssues(result.issues);
      return;
    }
    setError(null);
    setIssues([]);
    setCreated(result.data.url);
    form.reset();
    setKind("fixed");
    router.refresh();
  }

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Field
          id="linkDescription"
          label="Description"
          hint="What the buyer pays for; shown on the link's page"
          required
          maxLength={500}
          error={issueFor(issues, "description")}
        />
        <fieldset>
          <legend className="dash-label">Amount</legend>
          <div className="dash-checks">
            <label>
              <input type="radio" name="linkKind" checked={kind === "fixed"} onChange={() => setKind("fixed")} /> Fixed
              amount
            </label>
            <label>
              <input type="radio" name="linkKind" checked={kind === "range"} onChange={() => setKind("range")} /> The
              buyer enters the amount
            </label>
          </div>
        </fieldset>
        {kind === "fixed" ? (
          <Field
            id="linkAmount"
            label={`Amount (${currency})`}
            inputMode="decimal"
            required
            error={issueFor(issues, "amount")}
          />
        ) : (
          <div className="dash-row">
            <Field
              id="linkMinimum"
              label={`Minimum (${currency})`}
              inputMode="decimal"
              required
              error={issueFor(issues, "minimumAmount")}
            />
            <Field
              id="linkMaximum"
              label={`Maximum (${currency})`}
              inputMode="decimal"
              required
              error={issueFor(issues, "maximumAmount")}
            />
          </div>
        )}
        <div className="dash-row">
          <Field
            id="linkSuccessUrl"
            label="Success URL (optional)"
            type="url"
            placeholder="https://shop.example/thanks"
            error={issueFor(issues, "checkout.successUrl") ?? issueFor(issues, "checkout")}
            spellCheck={false}
          />
          <Field
            id="linkErrorUrl"
            label="Failure URL (optional)"
            type="url"
            placeholder="https://shop.example/sorry"
            error={issueFor(issues, "checkout.errorUrl")}
            spellCheck={false}
          />
        </div>
        <button type="submit" className="dash-btn dash-btn-primary">
          Create link
        </button>
      </form>
      <div role="alert">{error && !issues.length ? <p className="dash-error">{error}</p> : null}</div>
      <div role="status">
        {created ? (
          <p className="dash-ok">
            Link created: <code data-testid="new-link-url">{created}</code>
          </p>
        ) : null}
      </div>
    </>
  );
}
