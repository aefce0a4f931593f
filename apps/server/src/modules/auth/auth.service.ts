import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { LoginInput, signupSchema } from "@atrium/shared";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { companies, settings, userSessions, users } from "../../db/schema/index.js";
import { AppError, isUniqueViolation } from "../../lib/errors.js";
import { hashPassword, verifyPassword } from "../../lib/password.js";
import type { Publisher } from "../../realtime/publish.js";
import { assertCompanyAccess } from "../companies/company-access.js";
import { assertWithinLimit } from "../plans/limits.js";
import { presentUser } from "../users/users.presenter.js";
import { actorFromUser, type Actor } from "./actor.js";
import { revokeUserSessions, type SessionEndReason } from "./sessions.js";
import { hashSecret, newSecret, secretMatches } from "./tokens.js";

/** A rotated refresh secret stays valid this long, for tabs that refreshed at the same time. */
const ROTATION_GRACE_MS = 60_000;
// Verified against when the email is unknown, so response time doesn't reveal accounts.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(randomUUID()));

export interface SessionContext {
  ip?: string;
  userAgent?: string;
}

export interface IssuedSession {
  actor: Actor;
  user: typeof users.$inferSelect;
  sessionId: string;
  /** Plain refresh secret for the cookie; absent when the cookie already holds the current one. */
  secret?: string;
  expiresAt: Date;
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly publisher: Publisher,
    private readonly refreshTtlDays: number,
  ) {}

  async login(input: LoginInput, ctx: SessionContext): Promise<IssuedSession> {
    const [user] = await this.db.select().from(users).where(eq(users.email, input.email));
    const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
    if (!user || !ok) throw new AppError("ERR_INVALID_CREDENTIALS");
    await assertCompanyAccess(this.db, user);

    const uuid = randomUUID();
    const secret = newSecret();
    const expiresAt = this.refreshExpiry();
    const { session, updated, replaced } = await this.db.transaction(async (tx) => {
      // One session per user: a new login replaces the others (the other browser logs out).
      const replaced = await revokeUserSessions(tx, user.id, "replaced");
      const [updated] = await tx
        .update(users)
        .set({ uuid })
        .where(eq(users.id, user.id))
        .returning();
      const [session] = await tx
        .insert(userSessions)
        .values({
          userId: user.id,
          companyId: user.companyId,
          secretHash: hashSecret(secret),
          expiresAt,
          ip: ctx.ip,
          userAgent: ctx.userAgent?.slice(0, 300),
        })
        .returning();
      return { session: session!, updated: updated!, replaced };
    });
    const actor = await actorFromUser(this.db, updated, session.id);
    // The notice first, then the replaced sessions' sockets go (the packets keep their order).
    this.publisher.authSessionReplaced(actor.companyId, user.id, uuid);
    if (actor.companyId !== user.companyId) {
      this.publisher.authSessionReplaced(user.companyId, user.id, uuid);
    }
    this.publisher.disconnectSessions(replaced);
    return { actor, user: updated, sessionId: session.id, secret, expiresAt };
  }

  /** Rotates the refresh secret. Reuse of an old secret (outside the grace) revokes the session. */
  async refresh(sid: string, secret: string): Promise<IssuedSession> {
    const [row] = await this.db
      .select({ session: userSessions, user: users })
      .from(userSessions)
      .innerJoin(users, eq(users.id, userSessions.userId))
      .where(eq(userSessions.id, sid));
    if (!row) throw new AppError("ERR_SESSION_EXPIRED");
    const { session, user } = row;
    if (session.revokedAt) {
      throw new AppError(session.revokedReason === "replaced" ? "SM00014" : "ERR_SESSION_EXPIRED");
    }
    if (session.expiresAt.getTime() <= Date.now()) throw new AppError("ERR_SESSION_EXPIRED");
    await assertCompanyAccess(this.db, user);

    if (secretMatches(secret, session.secretHash)) {
      const next = newSecret();
      const expiresAt = this.refreshExpiry();
      await this.db
        .update(userSessions)
        .set({
          prevSecretHash: session.secretHash,
          secretHash: hashSecret(next),
          rotatedAt: new Date(),
          expiresAt,
        })
        .where(eq(userSessions.id, sid));
      const actor = await actorFromUser(this.db, user, sid);
      return { actor, user, sessionId: sid, secret: next, expiresAt };
    }
    const inGrace =
      session.rotatedAt && Date.now() - session.rotatedAt.getTime() < ROTATION_GRACE_MS;
    if (inGrace && secretMatches(secret, session.prevSecretHash)) {
      const actor = await actorFromUser(this.db, user, sid);
      return { actor, user, sessionId: sid, expiresAt: session.expiresAt };
    }
    // A stolen or stale refresh token: end the session.
    await this.revoke(sid, "reused");
    throw new AppError("ERR_SESSION_EXPIRED");
  }

  /** Ends one session (logout, refresh-token reuse); its sockets drop on every node. */
  async revoke(sid: string, reason: SessionEndReason): Promise<void> {
    await this.db
      .update(userSessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(userSessions.id, sid), isNull(userSessions.revokedAt)));
    this.publisher.disconnectSessions([sid]);
  }

  /** Self-service signup into an existing company (gated by its userCreation setting). */
  async signup(input: z.output<typeof signupSchema>): Promise<typeof users.$inferSelect> {
    if (!input.companyId) throw new AppError("ERR_COMPANY_NOT_IDENTIFIED");
    const [company] = await this.db
      .select()
      .from(companies)
      .where(and(eq(companies.id, input.companyId), eq(companies.archived, false)));
    if (!company) throw new AppError("ERR_COMPANY_NOT_IDENTIFIED");
    const [setting] = await this.db
      .select()
      .from(settings)
      .where(and(eq(settings.companyId, company.id), eq(settings.key, "userCreation")));
    if (setting?.value !== "enabled") throw new AppError("ERR_USER_CREATION_DISABLED");
    const passwordHash = await hashPassword(input.password);
    try {
      const user = await this.db.transaction(async (tx) => {
        await assertWithinLimit(tx, company.id, "users");
        const [created] = await tx
          .insert(users)
          .values({
            name: input.name,
            email: input.email,
            passwordHash,
            profile: "user",
            companyId: company.id,
          })
          .returning();
        return created;
      });
      this.publisher.userChanged(company.id, "create", await presentUser(this.db, user!));
      return user!;
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError("ERR_EMAIL_ALREADY_EXISTS");
      throw err;
    }
  }

  private refreshExpiry(): Date {
    return new Date(Date.now() + this.refreshTtlDays * 86_400_000);
  }
}
