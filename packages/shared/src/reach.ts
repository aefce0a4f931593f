import type { ChannelType } from "./enums.js";

/** Channels that deliver to a phone number. */
export const PHONE_CHANNELS: readonly ChannelType[] = ["BAILEYS", "WHATSAPP_BUSINESS"];
/** Channels whose contacts are page- or account-scoped ids, reachable only through them. */
export const META_CONTACT_CHANNELS: readonly string[] = ["FACEBOOK", "INSTAGRAM"];

/** What it takes to tell how a contact can be reached. */
export interface ReachableContact {
  number: string;
  channelType?: string | null;
  /** A web-chat visitor's connection (the server keeps their internal id to itself). */
  visitorConnectionId?: number | null;
  isGroup?: boolean;
}

/**
 * The contact's phone number, or '' when it has none: a web-chat visitor who typed no phone,
 * or a Meta contact whose "number" is a page-scoped id. Only this is shown as a phone (tel:).
 */
export function phoneOf(contact: ReachableContact): string {
  if (META_CONTACT_CHANNELS.includes(contact.channelType ?? "")) return "";
  return contact.number.trim();
}

/**
 * Whether a connection can deliver to the contact: a web chat only its own visitors, WhatsApp a
 * phone number (or a group), Meta channels their own contacts. The server refuses the rest with
 * ERR_CONTACT_UNREACHABLE; it also lets a web chat reach a contact who has written through it.
 */
export function reaches(
  connection: { id: number; channelType: string },
  contact: ReachableContact,
): boolean {
  switch (connection.channelType) {
    case "WEB_CHAT":
      return contact.visitorConnectionId === connection.id;
    case "FACEBOOK":
    case "INSTAGRAM":
      return contact.channelType === connection.channelType;
    default:
      return Boolean(contact.isGroup) || phoneOf(contact) !== "";
  }
}
