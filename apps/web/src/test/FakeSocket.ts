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

  /** How many times the client asked to connect again. */
  connects = 0;

  connect() {
    this.connects += 1;
    return this;
  }

  disconnect() {
    return this;
  }

  /** The manager: "opening" while a connection attempt is under way; its own events. */
  io = new FakeManager();

  /** What the server would push on `event`. */
  serverEmit(event: string, payload: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }

  asSocket(): Socket {
    return this as unknown as Socket;
  }
}

/** The part of Socket.IO's Manager the reconnect logic reads. */
export class FakeManager {
  _readyState: "opening" | "open" | "closed" = "closed";
  private listeners = new Map<string, Set<() => void>>();

  on(event: string, listener: () => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }

  off(event: string, listener: () => void) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  /** A new automatic attempt begins (Socket.IO's "reconnect_attempt"). */
  attempt() {
    this._readyState = "opening";
    for (const listener of this.listeners.get("reconnect_attempt") ?? []) listener();
  }
}
