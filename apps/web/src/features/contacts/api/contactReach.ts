import type { ChannelType } from "@atrium/shared";

/** What the web knows of a contact to tell how it can be reached. */
export interface ReachableContact {
  number: string;
  channelType?: string | null;
  /** A web-chat visitor's connection (the server keeps their internal id to itself). */
  visitorConnectionId?: number | null;
}

const META_CHANNELS: readonly string[] = ["FACEBOOK", "INSTAGRAM"];

/**
 * The contact's phone number, or '' when it has none: a web-chat visitor who typed no phone,
 * or a Meta contact whose "number" is a page-scoped id. Only this is shown as a phone (tel:).
 */
export function phoneOf(contact: ReachableContact): string {
  if (META_CHANNELS.includes(contact.channelType ?? "")) return "";
  return contact.number.trim();
}

/**
 * Whether a connection can deliver to the contact (the server refuses the rest with
 * ERR_CONTACT_UNREACHABLE): a web chat only its own visitors, WhatsApp a phone number, Meta
 * channels their own contacts.
 */
export function reaches(
  connection: { id: number; channelType: ChannelType },
  contact: ReachableContact,
): boolean {
  switch (connection.channelType) {
    case "WEB_CHAT":
      return contact.visitorConnectionId === connection.id;
    case "FACEBOOK":
    case "INSTAGRAM":
      return contact.channelType === connection.channelType;
    default:
      return phoneOf(contact) !== "";
  }
}
