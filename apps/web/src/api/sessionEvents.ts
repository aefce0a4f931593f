import type { LoginResponse } from "@atrium/shared";
import { createSignal } from "../app/signal";

/**
 * What the HTTP client tells the rest of the app about the session, without importing React:
 * the auth provider listens for a lost session, the realtime socket for a new token.
 */
/** The session is gone (session-lost code or failed refresh); storage is already cleared. */
export const sessionLost = createSignal<{ code: string }>();
/** A new access token was obtained from POST /auth/refresh_token. */
export const tokenRefreshed = createSignal<LoginResponse>();
/** The server answered a call successfully: the network is up (the realtime socket may retry). */
export const serverReached = createSignal<void>();
