import { SHORTCUT_LABEL_CUT } from "@atrium/shared";

/** The acknowledgement mark of a sent message (agent-core §2 "Ticket view"). */
export type AckMark = "clock" | "single" | "double" | "read";

export function ackMark(ack: number): AckMark {
  if (ack <= 0) return "clock";
  if (ack <= 2) return "single";
  if (ack === 3) return "double";
  return "read";
}

const FILE_NAME = /\.(png|jpg|doc|docx|zip|xls|xlsx|pdf)$/i;
export const LONG_BODY_CHARS = 20;

/** A body over 20 characters that looks like a file name is cut (the file shows it anyway). */
export function displayBody(body: string): string {
  const trimmed = body.trim();
  if (trimmed.length > LONG_BODY_CHARS && FILE_NAME.test(trimmed)) {
    return `${trimmed.slice(0, LONG_BODY_CHARS)}…`;
  }
  return body;
}

/** '/shortcode' and the message cut to 35 characters plus '…'; `fileLabel` for a bare file. */
export function quickMessageLabel(
  quick: { shortcode: string; message: string },
  fileLabel: string,
): string {
  const message = quick.message.trim();
  if (!message) return `/${quick.shortcode} - ${fileLabel}`;
  const cut =
    message.length > SHORTCUT_LABEL_CUT ? `${message.slice(0, SHORTCUT_LABEL_CUT)}…` : message;
  return `/${quick.shortcode} - ${cut}`;
}

/** The text after '/' that opens the quick-message menu: a slash and more than one character. */
export function quickMessageQuery(text: string): string | null {
  const match = /^\/(\S{2,})$/.exec(text);
  return match ? match[1]!.toLowerCase() : null;
}

/** The signature: the user's name in bold, then a line break, before the text. */
export function signBody(body: string, userName: string, signed: boolean): string {
  return signed ? `*${userName}:*\n${body}` : body;
}

/** The signature switch: forced on (and hidden) when the user may not change it. */
export function signatureState(
  allowChangeSignature: boolean,
  stored: string | null,
): { signed: boolean; canToggle: boolean } {
  if (!allowChangeSignature) return { signed: true, canToggle: false };
  return { signed: stored === null ? true : stored === "true", canToggle: true };
}

/** Only text with something besides whitespace is sent. */
export function isSendable(text: string): boolean {
  return text.trim().length > 0;
}
