import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  /** The raw message (headers and body) as it reached the SMTP server. */
  data: string;
  /** The body decoded from quoted-printable, as a mail client shows it. */
  text: string;
}

export interface TestSmtp {
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** The last mail received for `to`. */
  lastTo(to: string): ReceivedMail | undefined;
  close(): Promise<void>;
}

/** Quoted-printable soft breaks and escapes undone (ASCII is all the tests read). */
function decodeQuotedPrintable(data: string): string {
  return data
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A real SMTP server on a free port that keeps every message it receives. */
export async function startSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        received.push({ to, data, text: decodeQuotedPrintable(data) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  let closed = false;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    lastTo: (to) => received.filter((m) => m.to.includes(to)).at(-1),
    close: async () => {
      if (closed) return;
      closed = true;
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}

/** The token of the set-password link in a mail's text. */
export function linkToken(text: string | undefined): string {
  const token = /\/set-password#token=([\w-]+)/.exec(text ?? "")?.[1];
  if (!token) throw new Error(`no set-password link in:\n${text}`);
  return token;
}
