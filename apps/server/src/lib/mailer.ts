import nodemailer, { type Transporter } from "nodemailer";
import type { DbOrTx } from "../db/client.js";
import { mailOutbox } from "../db/schema/index.js";
import type { Logger } from "./logger.js";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The company the mail is about (kept with the outbox row). */
  companyId?: number | null;
  /** Values in `text` only the recipient may read (link tokens): redacted in the outbox and log. */
  secrets?: string[];
}

const REDACTED = "[redacted]";

/** The mail's text with its secrets blanked out, as it may be stored or logged. */
function redactedText(mail: MailMessage): string {
  return (mail.secrets ?? []).reduce(
    (text, secret) => text.split(secret).join(REDACTED),
    mail.text,
  );
}

export type MailDelivery = "smtp" | "outbox";

/**
 * Outgoing email. With SMTP_URL (smtp://user:pass@host:port, smtps://… for TLS) mail goes
 * through nodemailer; without it the mail is written to the log and to the mail_outbox table,
 * which the operator reads at GET /mail-outbox, with its secrets redacted: only SMTP delivers
 * them. SMTP failures throw: the caller decides.
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly db: DbOrTx,
    private readonly logger: Logger,
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  get configured(): boolean {
    return this.transport !== null;
  }

  async send(mail: MailMessage): Promise<MailDelivery> {
    if (this.transport) {
      await this.transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
      this.logger.info({ to: mail.to, subject: mail.subject }, "mail sent");
      return "smtp";
    }
    await this.keep(mail);
    return "outbox";
  }

  /** Writes a mail to the log and the outbox (no SMTP, or SMTP failed and the caller goes on). */
  async keep(mail: MailMessage): Promise<void> {
    const text = redactedText(mail);
    await this.db.insert(mailOutbox).values({
      companyId: mail.companyId ?? null,
      to: mail.to,
      subject: mail.subject,
      body: text,
    });
    this.logger.info(
      { to: mail.to, subject: mail.subject, companyId: mail.companyId, text },
      mail.secrets?.length
        ? "mail kept in the outbox with its link redacted: set SMTP_URL to deliver it"
        : "mail kept in the outbox (no SMTP_URL): read it at GET /mail-outbox",
    );
  }

  close(): void {
    this.transport?.close();
  }
}

/** The sender address: `no-reply@` the public host. */
export function defaultFrom(publicUrl: string): string {
  let host = "localhost";
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // keep localhost
  }
  return `Atrium <no-reply@${host}>`;
}
