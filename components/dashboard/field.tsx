import type { InputHTMLAttributes } from "react";

/** A labelled input with its hint and error wired to it (aria-describedby, aria-invalid). */
export function Field({
  id,
  label,
  hint,
  error,
  ...input
}: { id: string; label: string; hint?: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="dash-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {hint ? (
        <span id={`${id}-hint`} className="dash-hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="dash-hint" style={{ color: "#a3190f" }}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
