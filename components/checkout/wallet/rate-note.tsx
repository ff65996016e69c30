"use client";
import { useEffect, useState } from "react";
import type { PaymentOption } from "@/lib/wallet";

/**
 * "1 EUR = 1.0842 USDC, updated 12 s ago": the rate an option was quoted at and how old its price
 * feeds' answer is, so a buyer paying in a coin other than the price's currency sees what it is charged at.
 */
export function RateNote({ rate, symbol }: { rate: NonNullable<PaymentOption["rate"]>; symbol: string }) {
  const now = useSecondClock();
  const age =
    rate.updatedAt === null
      ? "fixed rate"
      : now === null
        ? null
        : `updated ${formatAge(Math.max(0, now - rate.updatedAt))} ago`;
  return (
    <span className="muted option-rate" data-testid="option-rate">
      1 {rate.currency} = {rate.tokensPerUnit} {symbol}
      {age ? `, ${age}` : null}
    </span>
  );
}

/** Unix seconds, ticking each second; null until mounted (the server renders no age). */
function useSecondClock(): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setNow(Math.floor(Date.now() / 1000));
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);
  return now;
}

function formatAge(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h`;
}
