import { and, eq, inArray, sql } from "drizzle-orm";
import type {
  AuthenticationCreds,
  AuthenticationState,
  SignalDataSet,
  SignalDataTypeMap,
} from "baileys";
import type { Db } from "../../db/client.js";
import { channelSessionState } from "../../db/schema/index.js";
import { baileysLibrary, bufferJson } from "./library.js";

const CREDS_KEY = "creds";

export interface DbAuthState {
  state: AuthenticationState;
  saveCreds(): Promise<void>;
  /** True when the session was paired before (creds belong to a logged-in device). */
  registered: boolean;
}

/**
 * Baileys auth state (creds + signal keys) in `channel_session_state`, one row per key, so a
 * session survives restarts and can move to another node. Cleared on logout.
 */
export class SessionStateStore {
  constructor(private readonly db: Db) {}

  async load(companyId: number, connectionId: number): Promise<DbAuthState> {
    const { initAuthCreds, proto } = await baileysLibrary();
    const { encode, decode } = await bufferJson();
    const saved = await this.read(connectionId, [CREDS_KEY]);
    const creds: AuthenticationCreds = saved.get(CREDS_KEY)
      ? decode<AuthenticationCreds>(saved.get(CREDS_KEY))
      : initAuthCreds();
    const state: AuthenticationState = {
      creds,
      keys: {
        get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
          const rows = await this.read(
            connectionId,
            ids.map((id) => `${type}-${id}`),
          );
          const out: { [id: string]: SignalDataTypeMap[T] } = {};
          for (const id of ids) {
            const raw = rows.get(`${type}-${id}`);
            if (raw === undefined) continue;
            let value = decode<SignalDataTypeMap[T]>(raw);
            if (type === "app-state-sync-key" && value) {
              value = proto.Message.AppStateSyncKeyData.fromObject(
                value as object,
              ) as unknown as SignalDataTypeMap[T];
            }
            out[id] = value;
          }
          return out;
        },
        set: async (data: SignalDataSet) => {
          const upserts: { key: string; value: unknown }[] = [];
          const deletes: string[] = [];
          for (const category of Object.keys(data) as (keyof SignalDataSet)[]) {
            for (const [id, value] of Object.entries(data[category] ?? {})) {
              const key = `${category}-${id}`;
              if (value) upserts.push({ key, value: encode(value) });
              else deletes.push(key);
            }
          }
          await this.write(companyId, connectionId, upserts, deletes);
        },
      },
    };
    return {
      state,
      registered: Boolean(creds.me?.id),
      saveCreds: () =>
        this.write(companyId, connectionId, [{ key: CREDS_KEY, value: encode(creds) }], []),
    };
  }

  /** Saved creds of a connection, or undefined (never paired, or logged out). */
  async creds(connectionId: number): Promise<AuthenticationCreds | undefined> {
    const raw = (await this.read(connectionId, [CREDS_KEY])).get(CREDS_KEY);
    return raw ? (await bufferJson()).decode<AuthenticationCreds>(raw) : undefined;
  }

  async clear(connectionId: number): Promise<void> {
    await this.db
      .delete(channelSessionState)
      .where(eq(channelSessionState.connectionId, connectionId));
  }

  private async read(connectionId: number, keys: string[]): Promise<Map<string, unknown>> {
    if (keys.length === 0) return new Map();
    const rows = await this.db
      .select({ key: channelSessionState.key, value: channelSessionState.value })
      .from(channelSessionState)
      .where(
        and(
          eq(channelSessionState.connectionId, connectionId),
          inArray(channelSessionState.key, keys),
        ),
      );
    return new Map(rows.map((r) => [r.key, r.value]));
  }

  private async write(
    companyId: number,
    connectionId: number,
    upserts: { key: string; value: unknown }[],
    deletes: string[],
  ): Promise<void> {
    if (upserts.length === 0 && deletes.length === 0) return;
    await this.db.transaction(async (tx) => {
      if (upserts.length) {
        await tx
          .insert(channelSessionState)
          .values(upserts.map((u) => ({ companyId, connectionId, key: u.key, value: u.value })))
          .onConflictDoUpdate({
            target: [channelSessionState.connectionId, channelSessionState.key],
            set: { value: sql`excluded.value`, updatedAt: new Date() },
          });
      }
      if (deletes.length) {
        await tx
          .delete(channelSessionState)
          .where(
            and(
              eq(channelSessionState.connectionId, connectionId),
              inArray(channelSessionState.key, deletes),
            ),
          );
      }
    });
  }
}
