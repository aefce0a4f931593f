import { and, eq, isNull, ne } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { userSessions } from "../../db/schema/index.js";

/** Why a session ended (user_sessions.revokedReason). "replaced" answers SM00014. */
export type SessionEndReason = "logout" | "replaced" | "reused" | "password";

/**
 * Revokes a user's live sessions (all, or all but `keep`) and returns their ids: the caller
 * disconnects their sockets (Publisher.disconnectSessions) once the transaction commits.
 */
export async function revokeUserSessions(
  tx: DbOrTx,
  userId: number,
  reason: SessionEndReason,
  keep?: string,
): Promise<string[]> {
  const rows = await tx
    .update(userSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.revokedAt),
        keep ? ne(userSessions.id, keep) : undefined,
      ),
    )
    .returning({ id: userSessions.id });
  return rows.map((r) => r.id);
}
