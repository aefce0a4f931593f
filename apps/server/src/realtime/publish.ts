import type { Server } from "socket.io";
import { channels } from "@atrium/shared";
import { queueAudience, ticketAudience, type TicketAudienceTarget } from "./audience.js";
import { rooms } from "./rooms.js";

type Target = string | string[];

/** What the chat events need to know of a chat: its id and its members. */
export interface ChatEventTarget {
  id: number;
  users: { userId: number }[];
}

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

  /** Users went online or offline: one event for a batch, only what presence needs. */
  presenceChanged(companyId: number, users: { id: number; online: boolean }[]): void {
    this.toCompany(companyId, channels.user(companyId), { action: "update", companyId, users });
  }

  userDeleted(companyId: number, userId: number): void {
    this.toCompany(companyId, channels.user(companyId), { action: "delete", userId });
  }

  settingChanged(companyId: number, setting: { key: string; value: string }): void {
    this.toCompany(companyId, channels.setting(companyId), { action: "update", setting });
  }

  contactChanged(companyId: number, action: "create" | "update", contact: object): void {
    this.toCompany(companyId, channels.contact(companyId), { action, contact });
  }

  contactDeleted(companyId: number, contactId: number): void {
    this.toCompany(companyId, channels.contact(companyId), { action: "delete", contactId });
  }

  queueChanged(companyId: number, action: "create" | "update", queue: object): void {
    this.toCompany(companyId, channels.queue(companyId), { action, queue });
  }

  queueDeleted(companyId: number, queueId: number): void {
    this.toCompany(companyId, channels.queue(companyId), { action: "delete", queueId });
  }

  connectionChanged(companyId: number, whatsapp: object): void {
    this.toCompany(companyId, channels.whatsapp(companyId), { action: "update", whatsapp });
  }

  connectionDeleted(companyId: number, whatsappId: number): void {
    this.toCompany(companyId, channels.whatsapp(companyId), { action: "delete", whatsappId });
  }

  /** A connection went down (one event per incident): the company's admins only. */
  connectionAlert(
    companyId: number,
    alert: { connectionId: number; name: string; reason: string; at: string },
  ): void {
    this.emit(rooms.admins(companyId), channels.connectionAlert(companyId), {
      action: "create",
      alert,
    });
  }

  /**
   * A WhatsApp session's status changed. The QR code (or pairing code) links a phone to the
   * company's number, so only admins (who hold the session buttons) receive it.
   */
  whatsappSessionChanged(
    companyId: number,
    session: { qrcode: string; pairingCode?: string } & Record<string, unknown>,
  ): void {
    const channel = channels.whatsappSession(companyId);
    this.emit(rooms.admins(companyId), channel, { action: "update", session });
    const { pairingCode: _code, ...rest } = session;
    this.io
      ?.to(rooms.company(companyId))
      .except(rooms.admins(companyId))
      .emit(channel, { action: "update", session: { ...rest, qrcode: "" } });
  }

  /** Company working hours changed (settings Schedules tab). */
  companySchedulesChanged(companyId: number, company: object): void {
    this.toCompany(companyId, channels.setting(companyId), { action: "update", company });
  }

  tagChanged(companyId: number, action: "create" | "update", tag: object): void {
    this.toCompany(companyId, channels.tag(companyId), { action, tag });
  }

  tagDeleted(companyId: number, tagId: number): void {
    this.toCompany(companyId, channels.tag(companyId), { action: "delete", tagId });
  }

  scheduleChanged(companyId: number, action: "create" | "update", schedule: object): void {
    this.toCompany(companyId, channels.schedule(companyId), { action, schedule });
  }

  scheduleDeleted(companyId: number, scheduleId: number): void {
    this.toCompany(companyId, channels.schedule(companyId), { action: "delete", scheduleId });
  }

  /** Campaigns (state changes, and the report after sends): the company's admins only. */
  campaignChanged(companyId: number, action: "create" | "update", campaign: object): void {
    this.emit(rooms.admins(companyId), channels.campaign(companyId), { action, campaign });
  }

  campaignDeleted(companyId: number, campaignId: number): void {
    this.emit(rooms.admins(companyId), channels.campaign(companyId), {
      action: "delete",
      campaignId,
    });
  }

  /** Contact lists (their counts follow item changes and imports): admins only. */
  contactListChanged(companyId: number, action: "create" | "update", contactList: object): void {
    this.emit(rooms.admins(companyId), channels.contactList(companyId), { action, contactList });
  }

  contactListDeleted(companyId: number, contactListId: number): void {
    this.emit(rooms.admins(companyId), channels.contactList(companyId), {
      action: "delete",
      contactListId,
    });
  }

  /**
   * Platform announcements go to every authenticated socket, whatever its company. An inactive
   * one is readable by super users only: the others are told to drop it.
   */
  announcementChanged(
    action: "create" | "update",
    record: { id: number; status: boolean } & Record<string, unknown>,
  ): void {
    if (record.status) {
      this.emit(rooms.everyone(), channels.announcement(), { action, record });
      return;
    }
    this.emit(rooms.supers(), channels.announcement(), { action, record });
    this.io
      ?.to(rooms.everyone())
      .except(rooms.supers())
      .emit(channels.announcement(), { action: "delete", id: record.id });
  }

  announcementDeleted(id: number): void {
    this.emit(rooms.everyone(), channels.announcement(), { action: "delete", id });
  }

  /**
   * A ticket changed. Sockets that may see it get "update"; sockets that could see it before
   * but no longer can (transfer to another queue or user) get "delete" so it leaves their list.
   */
  ticketChanged(before: TicketAudienceTarget | null, ticket: TicketAudienceTarget & object): void {
    const c = ticket.companyId;
    const now = ticketAudience(ticket);
    const lost = before ? ticketAudience(before).filter((r) => !now.includes(r)) : [];
    // A socket can sit in a lost room and a kept one (member of both queues): skip those.
    if (lost.length && this.io) {
      // Sockets that can no longer see the ticket leave its chat-box room before the update.
      this.io.in(lost).except(now).socketsLeave(rooms.ticket(c, ticket.id));
      this.io
        .to(lost)
        .except(now)
        .emit(channels.ticket(c), { action: "delete", ticketId: ticket.id });
    }
    this.emit(now, channels.ticket(c), { action: "update", ticket });
    this.emit(rooms.ticket(c, ticket.id), channels.ticketRoom(c, ticket.id), {
      action: "update",
      ticket,
    });
  }

  ticketDeleted(ticket: TicketAudienceTarget): void {
    const c = ticket.companyId;
    this.emit(ticketAudience(ticket), channels.ticket(c), {
      action: "delete",
      ticketId: ticket.id,
    });
    this.emit(rooms.ticket(c, ticket.id), channels.ticketRoom(c, ticket.id), {
      action: "delete",
      ticketId: ticket.id,
    });
  }

  ticketUnreadReset(ticket: TicketAudienceTarget): void {
    this.emit(ticketAudience(ticket), channels.ticket(ticket.companyId), {
      action: "updateUnread",
      ticketId: ticket.id,
    });
  }

  /** A message was created or updated in a ticket; queue-scoped messages stay in their queue. */
  messageEvent(
    ticket: TicketAudienceTarget,
    action: "create" | "update",
    payload: { message: { queueId: number | null }; ticket?: object; contact?: object },
  ): void {
    const c = ticket.companyId;
    const scope = payload.message.queueId;
    const target = scope
      ? [...queueAudience(c, scope), ...(ticket.userId ? [rooms.user(c, ticket.userId)] : [])]
      : [...ticketAudience(ticket), rooms.ticket(c, ticket.id)];
    this.emit(target, channels.appMessage(c), { action, ...payload });
  }

  /**
   * An internal chat was created (previousMemberIds null) or edited. Each member hears it on
   * their own chat-user channel: "create" when they just joined, "update" otherwise; after an
   * edit the chat's channel and the company chat channel carry "update" too. Members removed
   * by the edit get "delete". Only members' sockets hear anything, never the whole company.
   */
  chatChanged(companyId: number, chat: ChatEventTarget, previousMemberIds: number[] | null): void {
    const members = chat.users.map((u) => u.userId);
    const before = new Set(previousMemberIds ?? []);
    for (const userId of members) {
      const action = before.has(userId) ? "update" : "create";
      this.emit(rooms.user(companyId, userId), channels.chatUser(companyId, userId), {
        action,
        chat,
      });
    }
    if (!previousMemberIds) return;
    const audience = members.map((userId) => rooms.user(companyId, userId));
    this.emit(audience, channels.chat(companyId), { action: "update", chat });
    this.emit(audience, channels.chatRoom(companyId, chat.id), { action: "update", chat });
    const removed = previousMemberIds.filter((userId) => !members.includes(userId));
    if (removed.length) this.chatDeleted(companyId, chat.id, removed);
  }

  /** A chat was deleted, or these members were removed from it. */
  chatDeleted(companyId: number, chatId: number, memberIds: number[]): void {
    for (const userId of memberIds) {
      this.emit(rooms.user(companyId, userId), channels.chatUser(companyId, userId), {
        action: "delete",
        chatId,
      });
    }
    this.emit(
      memberIds.map((userId) => rooms.user(companyId, userId)),
      channels.chatRoom(companyId, chatId),
      { action: "delete", chatId },
    );
  }

  /** A member read the chat: their unread count (in chat.users) is back to zero. */
  chatRead(companyId: number, chat: ChatEventTarget): void {
    const audience = chat.users.map((u) => rooms.user(companyId, u.userId));
    this.emit(audience, channels.chat(companyId), { action: "update", chat });
    this.emit(audience, channels.chatRoom(companyId, chat.id), { action: "update", chat });
  }

  /** A message was posted in a chat; `chat` carries the new last message and unread counts. */
  chatMessageCreated(companyId: number, chat: ChatEventTarget, message: object): void {
    const audience = chat.users.map((u) => rooms.user(companyId, u.userId));
    const payload = { action: "new-message", message, chat };
    this.emit(audience, channels.chat(companyId), payload);
    this.emit(audience, channels.chatRoom(companyId, chat.id), payload);
  }

  /** Membership (profile, queues, company) changed: rejoin the user's sockets to their rooms. */
  async resyncUserRooms(userId: number): Promise<void> {
    await this.roomSync?.(userId);
  }

  /** Disconnects every socket of these users, on every node (deleted, company blocked). */
  disconnectUsers(userIds: number[]): void {
    if (userIds.length === 0) return;
    this.io?.in(userIds.map(rooms.userAny)).disconnectSockets(true);
  }

  /** The operator's companies changed (a background delete finished): super users only. */
  companyDeleted(companyId: number): void {
    this.emit(rooms.supers(), channels.company(), { action: "delete", companyId });
  }

  /**
   * Disconnects every socket of these sessions (logout, revocation), on every node: with the
   * Redis adapter the request reaches the other nodes too.
   */
  disconnectSessions(sessionIds: string[]): void {
    if (sessionIds.length === 0) return;
    this.io?.in(sessionIds.map(rooms.session)).disconnectSockets(true);
  }
}
