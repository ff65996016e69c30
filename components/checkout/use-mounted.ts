import { useSyncExternalStore } from "react";

/**
 * False on the server and while hydrating, true after. What the browser alone knows waits for it, and
 * so do buttons whose click only React can handle: a click before hydration would do nothing.
 */
export function useMounted(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
const subscribeNever = () => () => {};
