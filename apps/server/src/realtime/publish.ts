import type { Server } from "socket.io";
import { channels } from "@atrium/shared";
import { rooms } from "./rooms.js";

type Target = string | string[];

/**
 * The one place that emits realtime events. Services call it after their transaction
 * commits; it maps domain events to the spec's channel names and to the rooms (and so the
 * sockets) allowed to see them. There is no broadcast to every socket of every company.
 */
export type RoomSync = (userId: number) => Promise<void>;

export class Publisher {
  private roomSync: RoomSync | null = null;

  constructor(private io: Server | null = null) {}

  attach(io: Server, roomSync: RoomSync): void {
    this.io = io;
    this.roomSync = roomSync;
  }

  emit(target: Target, channel: string, payload: object): void {
    const list = Array.isArray(target) ? target : [target];
    if (!this.io || list.length === 0) return;
    this.io.to(list).emit(channel, payload);
  }

  toCompany(companyId: number, channel: string, payload: object): void {
    this.emit(rooms.company(companyId), channel, payload);
  }

  /** A new login of `userId`: their other browsers compare the uuid and log out. */
  authSessionReplaced(companyId: number, userId: number, uuid: string): void {
    this.emit(rooms.user(companyId, userId), channels.auth(companyId), {
      action: "update",
      user: { id: userId },
      uuid,
    });
  }

  userChanged(companyId: number, action: "create" | "update", user: object): void {
    this.toCompany(companyId, channels.user(companyId), { action, user });
  }

  userDeleted(companyId: number, userId: number): void {
    this.toCompany(companyId, channels.user(companyId), { action: "delete", userId });
  }

  settingChanged(companyId: number, setting: { key: string; value: string }): void {
    this.toCompany(companyId, channels.setting(companyId), { action: "update", setting });
  }

  /** Membership (profile, queues, company) changed: rejoin the user's sockets to their rooms. */
  async resyncUserRooms(userId: number): Promise<void> {
    await this.roomSync?.(userId);
  }

  async disconnectUser(userId: number): Promise<void> {
    this.io?.in(rooms.userAny(userId)).disconnectSockets(true);
  }

  /** Disconnects every socket of a session (logout or revocation). */
  disconnectSession(sessionId: string): void {
    this.io?.in(rooms.session(sessionId)).disconnectSockets(true);
  }
}
