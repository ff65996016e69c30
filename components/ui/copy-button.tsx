"use client";

import { useState } from "react";

type CopyMessages = { copied: string; copiedStatus: string; failedStatus: string };
const ENGLISH: CopyMessages = {
  copied: "Copied",
  copiedStatus: "Copied to the clipboard",
  failedStatus: "Copy failed: select the text and copy it",
};

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
  messages = ENGLISH,
}: {
  value: string;
  label: string;
  text?: string;
  className?: string;
  statusClassName?: string;
  /** What it says once copied, in the page's language (the checkout's); the dashboard's English by default. */
  messages?: CopyMessages;
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
        {copied === true ? messages.copied : text}
      </button>
      <span role="status" className={statusClassName}>
        {copied === true ? messages.copiedStatus : copied === false ? messages.failedStatus : ""}
      </span>
    </>
  );
}
