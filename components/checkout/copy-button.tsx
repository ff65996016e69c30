"use client";

import { useState } from "react";

/** Copies `text` to the clipboard and says so (for screen readers too). */
export function CopyButton({ text, label = "Copy payment link" }: { text: string; label?: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="copy">
      <input readOnly value={text} aria-label="Payment link" onFocus={(e) => e.currentTarget.select()} data-testid="payment-link" />
      <button type="button" onClick={copy}>
        {label}
      </button>
      <span role="status" className="muted">
        {copied === true ? "Copied" : copied === false ? "Copy failed: select the link and copy it" : ""}
      </span>
    </div>
  );
}
