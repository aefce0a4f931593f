import { NARROW_BREAKPOINT_PX } from "@atrium/shared";
import ForumOutlinedIcon from "@mui/icons-material/ForumOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { Spinner } from "../../../components/Spinner";
import { TicketsManager } from "./TicketsManager";

// The conversation (messages, composer, emoji, audio) loads when a ticket is opened.
const TicketView = lazy(async () => ({ default: (await import("./TicketView")).TicketView }));

/** For screen readers only: the page's title (the layout shows no header here). */
const VISUALLY_HIDDEN = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

/** The inbox fills the screen under the top bar (the layout's padding included). */
const FULL_HEIGHT = { xs: "calc(100dvh - 56px - 24px)", sm: "calc(100dvh - 64px - 48px)" };

function NoTicket({ onSelect }: { onSelect?(): void }) {
  const { t } = useTranslation("tickets");
  return (
    <Paper
      variant="outlined"
      sx={{
        height: "100%",
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        gap: 2,
        p: 3,
        textAlign: "center",
        color: "text.secondary",
      }}
    >
      <ForumOutlinedIcon sx={{ fontSize: 64 }} color="disabled" />
      <Typography>{t("page.welcome")}</Typography>
      {onSelect && (
        <Button variant="contained" onClick={onSelect}>
          {t("page.selectTicket")}
        </Button>
      )}
    </Paper>
  );
}

/**
 * /tickets and /tickets/:ticketId (agent-core §2 "Ticket manager"): list in the left third and
 * the ticket in the right two thirds; under 600 px two tabs, 'Ticket' and 'Atendimentos'.
 */
export function TicketsPage() {
  const { t } = useTranslation("tickets");
  const { ticketId } = useParams();
  const narrow = useMediaQuery(`(max-width:${NARROW_BREAKPOINT_PX - 0.05}px)`);
  const [narrowTab, setNarrowTab] = useState<"ticket" | "list">(ticketId ? "ticket" : "list");
  const [shownTicket, setShownTicket] = useState(ticketId);
  if (shownTicket !== ticketId) {
    // Opening a ticket on a phone shows it.
    setShownTicket(ticketId);
    if (ticketId) setNarrowTab("ticket");
  }

  const view = ticketId ? (
    <Suspense fallback={<Spinner />}>
      <TicketView key={ticketId} uuid={ticketId} />
    </Suspense>
  ) : null;
  const title = (
    <Typography component="h1" sx={VISUALLY_HIDDEN}>
      {t("page.title")}
    </Typography>
  );
  if (!narrow) {
    return (
      <Box sx={{ display: "flex", gap: 1.5, height: FULL_HEIGHT }}>
        {title}
        <Box sx={{ width: "33.333%", minWidth: 320, maxWidth: 480, height: "100%" }}>
          <TicketsManager selectedUuid={ticketId} />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, height: "100%" }}>{view ?? <NoTicket />}</Box>
      </Box>
    );
  }
  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: FULL_HEIGHT }}>
      {title}
      <Tabs
        value={narrowTab}
        onChange={(_event, tab) => setNarrowTab(tab)}
        variant="fullWidth"
        aria-label={t("page.narrowTabs")}
      >
        <Tab value="ticket" label={t("page.ticketTab")} />
        <Tab value="list" label={t("page.listTab")} />
      </Tabs>
      <Box sx={{ flex: 1, minHeight: 0, display: narrowTab === "ticket" ? "block" : "none" }}>
        {view ?? <NoTicket onSelect={() => setNarrowTab("list")} />}
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, display: narrowTab === "list" ? "block" : "none" }}>
        <TicketsManager selectedUuid={ticketId} />
      </Box>
    </Box>
  );
}
