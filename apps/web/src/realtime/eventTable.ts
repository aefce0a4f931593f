import { channels, type UserDTO } from "@atrium/shared";
import type { QueryClient } from "@tanstack/react-query";
import type { Socket } from "socket.io-client";
import { removeUserFromLists, upsertUserInLists } from "../features/users/api/usersCache";
import {
  onAppMessageEvent,
  onContactEvent,
  onTicketEvent,
} from "../features/tickets/api/ticketsRealtime";
import { applyContactEvent } from "../features/contacts/api/contactsCache";
import {
  applyConnectionEvent,
  applySessionEvent,
} from "../features/connections/api/connectionsCache";
import {
  clearRecoveredAlert,
  onConnectionAlert,
} from "../features/notifications/api/connectionAlerts";
import { applyTicketEventToNotifications } from "../features/notifications/api/notificationsCache";
import { applyAppMessageToNotifications } from "../features/notifications/api/notificationsRealtime";
import {
  applyPresenceToDashboard,
  scheduleDashboardRefresh,
} from "../features/dashboard/api/dashboardRealtime";
import {
  applyUserToChatPicker,
  onChatEvent,
  onChatUserEvent,
} from "../features/chats/api/chatsRealtime";
import { applyTagEvent } from "../features/tags/api/tagsCache";
import { applyScheduleEvent } from "../features/schedules/api/schedulesCache";
import { applySettingsEvent } from "../features/settings/api/settingsCache";
import { applyQueueEvent } from "../features/queues/api/queuesCache";
import { applyAnnouncementEvent } from "../features/announcements/api/announcementsCache";
import { applyCampaignEvent } from "../features/campaigns/api/campaignsCache";
import { applyContactListEvent } from "../features/contactLists/api/contactListsCache";

export interface RealtimeContext {
  companyId: number;
  userId: number;
  queryClient: QueryClient;
  /** The session uuid stored at login (account-safety check). */
  readUserUuid(): string | null;
  onCurrentUserChanged(user: UserDTO): void;
  /** Shows the translated notice, then ends the session after ACCOUNT_LOGOUT_DELAY_MS. */
  endSessionWithNotice(messageKey: string): void;
}

interface RealtimeRoute {
  /** The event name; per-user channels also get the current user's id. */
  channel: (companyId: number, userId: number) => string;
  handle: (payload: Record<string, unknown>, ctx: RealtimeContext) => void;
  /** Platform-wide events (announcements): not filtered by the payload's company. */
  anyCompany?: boolean;
}

function asUser(value: unknown): UserDTO | null {
  return value && typeof value === "object" && "id" in value ? (value as UserDTO) : null;
}

function endSessionOnCompanyUpdate(payload: Record<string, unknown>, ctx: RealtimeContext) {
  if (payload.action === "update") ctx.endSessionWithNotice("common:session.companyUpdated");
}

/**
 * THE realtime event table: every server event the web client reacts to, and what it does to
 * the query cache or the session. Features add their rows here.
 */
export const realtimeEventTable: readonly RealtimeRoute[] = [
  {
    // Users list kept current (admin-operator §4); the current user's own changes too.
    channel: channels.user,
    handle(payload, ctx) {
      const user = asUser(payload.user);
      if (payload.action === "delete") {
        const id = Number(payload.userId ?? user?.id);
        if (id) removeUserFromLists(ctx.queryClient, id);
        return;
      }
      if ((payload.action === "create" || payload.action === "update") && user) {
        upsertUserInLists(ctx.queryClient, user);
        if (user.id === ctx.userId) ctx.onCurrentUserChanged(user);
      }
    },
  },
  {
    // Account safety (agent-core §4): same user id, another session uuid → this one ends.
    channel: channels.auth,
    handle(payload, ctx) {
      const user = asUser(payload.user);
      if (payload.action !== "update" || !user || Number(user.id) !== ctx.userId) return;
      const uuid = typeof payload.uuid === "string" ? payload.uuid : null;
      if (uuid && uuid !== ctx.readUserUuid()) {
        ctx.endSessionWithNotice("common:session.accessedElsewhere");
      }
    },
  },
  {
    // The company was updated: everyone logs in again.
    channel: channels.details,
    handle: endSessionOnCompanyUpdate,
  },
  {
    // Ticket lists and the open ticket kept current (agent-core §4 live list reactions).
    channel: channels.ticket,
    handle: onTicketEvent,
  },
  {
    // New and changed messages: lists move and count unread; the open ticket's messages.
    channel: channels.appMessage,
    handle: onAppMessageEvent,
  },
  {
    // A contact's new name or picture inside the cached tickets.
    channel: channels.contact,
    handle: onContactEvent,
  },
  {
    // /contacts list and the contact drawer: new first, update replaces, delete removes.
    channel: channels.contact,
    handle: (payload, ctx) => applyContactEvent(ctx.queryClient, payload),
  },
  {
    // /connections list (and so the menu's '!' badge): update replaces or adds, delete removes.
    channel: channels.whatsapp,
    handle: (payload, ctx) => applyConnectionEvent(ctx.queryClient, payload),
  },
  {
    // A connection went down (admins only): toast and bell entry 'Conexão X desconectada'.
    channel: channels.connectionAlert,
    handle: (payload) => onConnectionAlert(payload),
  },
  {
    // Connected again (no incident on the row): its bell entry goes.
    channel: channels.whatsapp,
    handle: (payload) => clearRecoveredAlert(payload),
  },
  {
    // A session's status, QR code and retries.
    channel: channels.whatsappSession,
    handle: (payload, ctx) => applySessionEvent(ctx.queryClient, payload),
  },
  {
    // The bell: a contact's new message on a ticket for me → listed, beep, browser notification.
    channel: channels.appMessage,
    handle: (payload, ctx) => applyAppMessageToNotifications(ctx.queryClient, payload, ctx.userId),
  },
  {
    // The bell: read, deleted, closed or taken tickets leave the list.
    channel: channels.ticket,
    handle: (payload, ctx) => applyTicketEventToNotifications(ctx.queryClient, payload, ctx.userId),
  },
  {
    // The dashboard on screen refetches (coalesced, ~1 s) when tickets change.
    channel: channels.ticket,
    handle: (_payload, ctx) => scheduleDashboardRefresh(ctx.queryClient),
  },
  {
    // Attendants going online/offline in the dashboard and the chat dialog's user picker.
    channel: channels.user,
    handle: (payload, ctx) => {
      applyPresenceToDashboard(ctx.queryClient, payload);
      applyUserToChatPicker(ctx.queryClient, payload);
    },
  },
  {
    // Internal chats: a new message moves the chat up and counts unread; update replaces.
    channel: channels.chat,
    handle: onChatEvent,
  },
  {
    // Chats I join, edits, and chats deleted or left (the open one goes back to /chats).
    channel: channels.chatUser,
    handle: onChatUserEvent,
  },
  {
    // /tags list and the tag pickers: create/update replaces or adds, delete removes.
    channel: channels.tag,
    handle: (payload, ctx) => applyTagEvent(ctx.queryClient, payload),
  },
  {
    // /schedules list: create/update (also sent or failed) replaces or adds, delete removes.
    channel: channels.schedule,
    handle: (payload, ctx) => applyScheduleEvent(ctx.queryClient, payload),
  },
  {
    // /settings: a changed setting (tabs follow scheduleType) or the company's working hours.
    channel: channels.setting,
    handle: (payload, ctx) => applySettingsEvent(ctx.queryClient, payload),
  },
  {
    // /queues and every queue picker: create/update replaces or adds, delete removes.
    channel: channels.queue,
    handle: (payload, ctx) => applyQueueEvent(ctx.queryClient, payload),
  },
  {
    // /campaigns and a campaign's report (state, counts): update replaces, delete removes.
    channel: channels.campaign,
    handle: (payload, ctx) => applyCampaignEvent(ctx.queryClient, payload),
  },
  {
    // /contact-lists and a list's screen (name, counts): update replaces, delete removes.
    channel: channels.contactList,
    handle: (payload, ctx) => applyContactListEvent(ctx.queryClient, payload),
  },
  {
    // /announcements: the platform company's records reach every company.
    channel: channels.announcement,
    anyCompany: true,
    handle: (payload, ctx) => applyAnnouncementEvent(ctx.queryClient, payload),
  },
];

/** The company an event is about, when the payload says so. */
function payloadCompanyId(payload: Record<string, unknown>): number | null {
  if (payload.companyId !== undefined) return Number(payload.companyId);
  for (const key of ["user", "record", "ticket", "contact"]) {
    const entity = payload[key];
    if (entity && typeof entity === "object" && "companyId" in entity) {
      return Number((entity as { companyId: unknown }).companyId);
    }
  }
  return null;
}

/** Subscribes the socket to every row of the table; returns the unsubscribe. */
export function bindRealtimeEvents(socket: Socket, ctx: RealtimeContext): () => void {
  const bindings = realtimeEventTable.map((route) => {
    const event = route.channel(ctx.companyId, ctx.userId);
    const listener = (payload: unknown) => {
      if (!payload || typeof payload !== "object") return;
      const record = payload as Record<string, unknown>;
      const companyId = payloadCompanyId(record);
      if (!route.anyCompany && companyId !== null && companyId !== ctx.companyId) return; // not ours
      route.handle(record, ctx);
    };
    socket.on(event, listener);
    return () => socket.off(event, listener);
  });
  return () => bindings.forEach((unbind) => unbind());
}
