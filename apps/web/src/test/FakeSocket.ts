import type { Socket } from "socket.io-client";

/** The part of a Socket.IO client the realtime table uses, driven by the test. */
export class FakeSocket {
  private listeners = new Map<string, Set<(payload: unknown) => void>>();
  /** What the client sent to the server, in order. */
  readonly emitted: string[] = [];
  connected = true;
  active = true;

  emit(event: string) {
    this.emitted.push(event);
    return this;
  }

  on(event: string, listener: (payload: unknown) => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }

  off(event: string, listener: (payload: unknown) => void) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  /** What the server would push on `event`. */
  serverEmit(event: string, payload: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }

  asSocket(): Socket {
    return this as unknown as Socket;
  }
}
