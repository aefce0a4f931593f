import type { LoginResponse } from "@atrium/shared";

/**
 * What the HTTP client tells the rest of the app about the session, without importing React:
 * the auth provider listens for a lost session, the realtime socket for a new token.
 */
type Listener<T> = (value: T) => void;

function createSignal<T>() {
  const listeners = new Set<Listener<T>>();
  return {
    subscribe(listener: Listener<T>): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(value: T): void {
      for (const listener of [...listeners]) listener(value);
    },
    get size(): number {
      return listeners.size;
    },
  };
}

/** The session is gone (session-lost code or failed refresh); storage is already cleared. */
export const sessionLost = createSignal<{ code: string }>();
/** A new access token was obtained from POST /auth/refresh_token. */
export const tokenRefreshed = createSignal<LoginResponse>();
/** The server answered a call successfully: the network is up (the realtime socket may retry). */
export const serverReached = createSignal<void>();
