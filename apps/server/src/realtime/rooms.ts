/** Socket.IO room names. Sockets join them from database membership, never by request. */
export const rooms = {
  company: (companyId: number) => `c${companyId}`,
  admins: (companyId: number) => `c${companyId}:admins`,
  user: (companyId: number, userId: number) => `c${companyId}:u${userId}`,
  queue: (companyId: number, queueId: number) => `c${companyId}:q${queueId}`,
  /** Sockets that opened a ticket (joinChatBox), after a visibility check. */
  ticket: (companyId: number, ticketId: number) => `c${companyId}:t${ticketId}`,
  chat: (companyId: number, chatId: number) => `c${companyId}:chat${chatId}`,
  session: (sessionId: string) => `s${sessionId}`,
  /** Every socket of a user, whatever company they act in. */
  userAny: (userId: number) => `u${userId}`,
  /** Every authenticated socket of the platform (operator-wide announcements). */
  everyone: () => "all",
  /** Super users' sockets (platform operators). */
  supers: () => "supers",
} as const;
