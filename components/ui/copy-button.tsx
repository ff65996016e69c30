"use client";

import { useState } from "react";

/**
 * Copies `value` to the clipboard and says so, in a status line screen readers announce. `label` is
 * the button's accessible name; `text` what it shows. The checkout and the dashboard both use it.
 */
export function CopyButton({
  value,
  label,
  text = "Copy",
  className,
  statusClassName,
}: {
  value: string;
  label: string;
  text?: string;
  className?: string;
  statusClassName?: string;
}) {
  const [copied, setCopied] = useState<boolean | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(null), 2000);
    } catch {
      setCopied(false);
    }
  }
  return (
    <>
      <button type="button" className={className} onClick={copy} aria-label={label === text ? undefined : label}>
        {copied === true ? "Copied" : text}
      </button>
      <span role="status" className={statusClassName}>
        {copied === true
          ? "Copied to the clipboard"
          : copied === false
            ? "Copy failed: select the text and copy it"
            : ""}
      </span>
    </>
  );
}
