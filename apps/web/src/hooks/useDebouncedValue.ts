import { SEARCH_DEBOUNCE_MS } from "@atrium/shared";
import { useEffect, useState } from "react";

/** The value, once it has stopped changing for `delayMs` (search boxes: 500 ms). */
export function useDebouncedValue<T>(value: T, delayMs: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
