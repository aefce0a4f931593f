import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import { lazy, Suspense, useState } from "react";
import { useAuth } from "../../auth/hooks/useAuth";
import { MessageComposer } from "../../messages/components/composer/MessageComposer";
import { MessagesList } from "../../messages/components/MessagesList";
import type { MessageDTO } from "../../messages/api/messageTypes";
import { useTicketView } from "../hooks/useTicketView";
import { TicketHeader } from "./TicketHeader";
import { TicketTags } from "./TicketTags";

const ContactDrawer = lazy(async () => ({
  default: (await import("../../contacts/components/ContactDrawer")).ContactDrawer,
}));

function TicketViewSkeleton() {
  return (
    <Box sx={{ p: 2, display: "flex", gap: 2, alignItems: "center" }} aria-busy>
      <Skeleton variant="circular" width={40} height={40} />
      <Box sx={{ flex: 1 }}>
        <Skeleton width="40%" />
        <Skeleton width="25%" />
      </Box>
    </Box>
  );
}

/** The open ticket (agent-core §2 "Ticket view"): header, tags, messages, composer, contact. */
export function TicketView({ uuid }: { uuid: string }) {
  const { user } = useAuth();
  const { ticket } = useTicketView(uuid);
  const [replyTo, setReplyTo] = useState<MessageDTO | null>(null);
  const [contactOpen, setContactOpen] = useState(false);

  return (
    <Paper
      variant="outlined"
      sx={{
        display: "flex",
        flexDirection: "column",
        height: "100%",
        minHeight: 0,
        overflow: "hidden",
      }}
    >
      {!ticket || !user ? (
        <TicketViewSkeleton />
      ) : (
        <>
          <TicketHeader ticket={ticket} onOpenContact={() => setContactOpen(true)} />
          <TicketTags ticket={ticket} />
          <MessagesList
            key={ticket.id}
            ticketId={ticket.id}
            contactId={ticket.contactId}
            meId={user.id}
            onReply={setReplyTo}
          />
          <MessageComposer
            key={`composer-${ticket.id}`}
            ticketId={ticket.id}
            enabled={ticket.status === "open"}
            replyTo={replyTo}
            onClearReply={() => setReplyTo(null)}
          />
          {contactOpen && (
            <Suspense fallback={null}>
              <ContactDrawer
                open
                contactId={ticket.contactId}
                ticketId={ticket.id}
                onClose={() => setContactOpen(false)}
              />
            </Suspense>
          )}
        </>
      )}
    </Paper>
  );
}
