/** The visitor's session (token and name), one per connection, kept across reloads. */

export interface VisitorSession {
  token: string;
  name: string;
}

export const storageKey = (uuid: string) => `atrium-webchat:${uuid}`;

/** localStorage when the browser allows it (sandboxed frames, blocked storage → memory). */
function defaultStorage(): Pick<Storage, "getItem" | "setItem" | "removeItem"> {
  try {
    const s = window.localStorage;
    const probe = "atrium-webchat:probe";
    s.setItem(probe, "1");
    s.removeItem(probe);
    return s;
  } catch {
    const memory = new Map<string, string>();
    return {
      getItem: (k) => memory.get(k) ?? null,
      setItem: (k, v) => void memory.set(k, v),
      removeItem: (k) => void memory.delete(k),
    };
  }
}

export class SessionStore {
  private readonly key: string;

  constructor(
    uuid: string,
    private readonly storage: Pick<
      Storage,
      "getItem" | "setItem" | "removeItem"
    > = defaultStorage(),
  ) {
    this.key = storageKey(uuid);
  }

  get storageKey(): string {
    return this.key;
  }

  load(): VisitorSession | undefined {
    try {
      return parseSession(this.storage.getItem(this.key));
    } catch {
      return undefined;
    }
  }

  save(session: VisitorSession): void {
    try {
      this.storage.setItem(this.key, JSON.stringify(session));
    } catch {
      // Quota or privacy mode: the session lasts until the page closes.
    }
  }

  clear(): void {
    try {
      this.storage.removeItem(this.key);
    } catch {
      // ignore
    }
  }
}

/** A stored value, if it is a well-formed session. */
export function parseSession(raw: string | null | undefined): VisitorSession | undefined {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<VisitorSession> | null;
    if (value && typeof value.token === "string" && value.token) {
      return { token: value.token, name: typeof value.name === "string" ? value.name : "" };
    }
  } catch {
    // corrupt value: no session
  }
  return undefined;
}
