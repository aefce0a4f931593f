import InboxOutlinedIcon from "@mui/icons-material/InboxOutlined";
import Box from "@mui/material/Box";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemAvatar from "@mui/material/ListItemAvatar";
import ListItemText from "@mui/material/ListItemText";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import type { TicketDTO } from "../api/ticketTypes";
import { TicketRow } from "./TicketRow";

export interface TicketsListState {
  tickets: TicketDTO[];
  loading: boolean;
  loadingMore: boolean;
  scrollRef: RefObject<HTMLDivElement | null>;
  onScroll(): void;
}

interface TicketsListProps {
  list: TicketsListState;
  selectedUuid: string | undefined;
  canSpy: boolean;
  acceptingId: number | null;
  onOpen(ticket: TicketDTO): void;
  onAccept(ticket: TicketDTO): void;
  onSpy(ticket: TicketDTO): void;
}

function SkeletonRows({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <ListItem key={index} divider>
      <ListItemAvatar>
        <Skeleton variant="circular" width={40} height={40} />
      </ListItemAvatar>
      <ListItemText primary={<Skeleton width="60%" />} secondary={<Skeleton width="90%" />} />
    </ListItem>
  ));
}

/** A scrolling list of ticket rows: skeletons while loading, a translated empty state. */
export function TicketsList({
  list,
  selectedUuid,
  canSpy,
  acceptingId,
  onOpen,
  onAccept,
  onSpy,
}: TicketsListProps) {
  const { t } = useTranslation("tickets");
  const empty = !list.loading && list.tickets.length === 0;
  return (
    <Box
      ref={list.scrollRef}
      onScroll={list.onScroll}
      sx={{ flex: 1, overflowY: "auto", minHeight: 0 }}
    >
      {empty ? (
        <Box sx={{ p: 3, textAlign: "center", color: "text.secondary" }}>
          <InboxOutlinedIcon fontSize="large" />
          <Typography sx={{ fontWeight: 600 }}>{t("ticketsList.noTicketsTitle")}</Typography>
          <Typography variant="body2">{t("ticketsList.noTicketsMessage")}</Typography>
        </Box>
      ) : (
        <List disablePadding aria-label={t("ticketsList.label")}>
          {list.tickets.map((ticket) => (
            <TicketRow
              key={ticket.id}
              ticket={ticket}
              selected={ticket.uuid === selectedUuid}
              canSpy={canSpy}
              accepting={acceptingId === ticket.id}
              onOpen={onOpen}
              onAccept={onAccept}
              onSpy={onSpy}
            />
          ))}
          {(list.loading || list.loadingMore) && <SkeletonRows count={list.loading ? 6 : 2} />}
        </List>
      )}
    </Box>
  );
}
