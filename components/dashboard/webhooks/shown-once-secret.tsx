"use client";

import { useEffect, useRef } from "react";
import { CopyButton } from "@/components/ui/copy-button";

/** A signing secret shown once (after adding or rotating), focused so keyboard and screen-reader users land on it. */
export function ShownOnceSecret({ secret, title }: { secret: string; title: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [secret]);
  return (
    <div className="dash-ok" ref={ref} tabIndex={-1} data-testid="webhook-secret">
      <p style={{ marginTop: 0 }}>
        <strong>{title}</strong> Copy the signing secret now: it is shown only once.
      </p>
      <div className="dash-secret">
        <code data-testid="webhook-secret-value">{secret}</code>
        <CopyButton
          value={secret}
          label="Copy the signing secret"
          className="dash-btn"
          statusClassName="dash-visually-hidden"
        />
      </div>
    </div>
  );
}
