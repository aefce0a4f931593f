import { useEffect, useState } from "react";

/** How long the first click keeps a destructive button armed. */
const ARMED_MS = 4000;

/**
 * A two-click action ('Clique novamente para excluir'): the first click arms, the second runs.
 */
export function useArmedAction(action: () => void, busy = false) {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!armed) return;
    const timer = setTimeout(() => setArmed(false), ARMED_MS);
    return () => clearTimeout(timer);
  }, [armed]);
  const click = () => {
    if (busy) return;
    if (!armed) {
      setArmed(true);
      return;
    }
    setArmed(false);
    action();
  };
  return { armed, click };
}
