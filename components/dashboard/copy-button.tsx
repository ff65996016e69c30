"use client";

import { useState } from "react";

/** Copies `value` to the clipboard and says so (politely, for screen readers). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  }
  return (
    <>
      <button type="button" className="dash-btn" onClick={copy} aria-label={label}>
        {copied ? "Copied" : "Copy"}
      </button>
      <span role="status" className="dash-visually-hidden">
        {copied ? "Copied to the clipboard" : ""}
      </span>
    </>
  );
}
