import { and, eq, gt, isNull, ne } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.js";
import { passwordLinks, users } from "../../db/schema/index.js";
import { AppError } from "../../lib/errors.js";
import { hashPassword } from "../../lib/password.js";
import type { Publisher } from "../../realtime/publish.js";
import { revokeUserSessions } from "./sessions.js";
import { hashSecret, newSecret } from "./tokens.js";

/** How long a set-password link works. */
export const PASSWORD_LINK_TTL_HOURS = 72;

/**
 * The address of the web app's set-password page. The token rides in the fragment, which
 * browsers never send to a server: it stays out of access logs and Referer headers.
 */
export function setPasswordUrl(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/set-password#token=${token}`;
}

/**
 * One-time links to set a password, sent in access emails instead of a password. The token
 * is random (256 bits) and only its hash is stored; a link is spent by its first use and
 * superseded by a newer one. Until it is used the user's current password keeps working.
 */
export class PasswordLinks {
  constructor(
    private readonly db: Db,
    private readonly publisher: Publisher,
  ) {}

  /** A fresh token, not yet valid: mail it, then `store` it. */
  newToken(): string {
    return newSecret();
  }

  /** Makes `token` the user's one valid link; their older unused links stop working. */
  async store(tx: DbOrTx, userId: number, token: string): Promise<void> {
    await tx
      .delete(passwordLinks)
      .where(and(eq(passwordLinks.userId, userId), isNull(passwordLinks.usedAt)));
    await tx.insert(passwordLinks).values({
      userId,
      tokenHash: hashSecret(token),
      expiresAt: new Date(Date.now() + PASSWORD_LINK_TTL_HOURS * 3_600_000),
    });
  }

  /** Sets the password of the link's user: the link is spent and every session of theirs ends. */
  async use(token: string, password: string): Promise<void> {
    const tokenHash = hashSecret(token);
    const live = and(
      eq(passwordLinks.tokenHash, tokenHash),
      isNull(passwordLinks.usedAt),
      gt(passwordLinks.expiresAt, new Date()),
    );
    // Checked before hashing: a wrong token must not cost a password hash.
    const [found] = await this.db.select({ id: passwordLinks.id }).from(passwordLinks).where(live);
    if (!found) throw new AppError("ERR_PASSWORD_LINK_INVALID");
    const passwordHash = await hashPassword(password);
    const ended = await this.db.transaction(async (tx) => {
      // Spent under the row lock: of two concurrent uses, one wins.
      const [link] = await tx
        .update(passwordLinks)
        .set({ usedAt: new Date() })
        .where(live)
        .returning();
      if (!link) throw new AppError("ERR_PASSWORD_LINK_INVALID");
      await tx.update(users).set({ passwordHash }).where(eq(users.id, link.userId));
      await tx
        .delete(passwordLinks)
        .where(and(eq(passwordLinks.userId, link.userId), ne(passwordLinks.id, link.id)));
      return revokeUserSessions(tx, link.userId, "password");
    });
    this.publisher.disconnectSessions(ended);
  }
}
