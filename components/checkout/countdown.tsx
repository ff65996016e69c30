"use client";

import { useEffect, useState } from "react";

/** Time left until `expiresAt` (unix seconds), ticking each second from the server-rendered first value. */
export function Countdown({ expiresAt, initialNow }: { expiresAt: number; initialNow: number }) {
  const [now, setNow] = useState(initialNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.floor(expiresAt - now / 1000));
  if (left === 0) return <span data-testid="time-left">Expired</span>;
  return (
    <span data-testid="time-left" aria-live="off">
      {formatDuration(left)} left
    </span>
  );
}

function formatDuration(totalSeconds: number): string {
  const days = Math.floor(totalSeconds / 86400);
  const hours = Math.floor((totalSeconds % 86400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const mmss = `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
  if (days > 0) return `${days}d ${hours}h ${minutes}m`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}
