/** Time left until `expiresAt` (unix seconds) at `now` (ms); the caller's clock ticks it. */
export function Countdown({ expiresAt, now }: { expiresAt: number; now: number }) {
  const left = Math.max(0, Math.floor(expiresAt - now / 1000));
  return (
    <span className="muted" data-testid="time-left" aria-live="off">
      {left === 0 ? "Expired" : `${formatDuration(left)} left`}
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
