import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { LIST_COUNT_LIMIT } from "@atrium/shared";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConnectionBar } from "../../../realtime/ConnectionBar";
import { useAuth } from "../../auth/hooks/useAuth";
import type { TicketDTO } from "../api/ticketTypes";
import { useTicketsManager } from "../hooks/useTicketsManager";
import { SpyDialog } from "./SpyDialog";
import { TicketsList } from "./TicketsList";
import { TicketsManagerHeader } from "./TicketsManagerHeader";
import { TicketsSearchBar } from "./TicketsSearchBar";

const NewTicketDialog = lazy(async () => ({
  default: (await import("./NewTicketDialog")).NewTicketDialog,
}));

/** The ticket manager (agent-core §2): header, Open/Closed/Search tabs and the lists. */
export function TicketsManager({ selectedUuid }: { selectedUuid: string | undefined }) {
  const { t } = useTranslation("tickets");
  const { user } = useAuth();
  const manager = useTicketsManager();
  const { filters, counts } = manager;
  const [spying, setSpying] = useState<TicketDTO | null>(null);
  const [creating, setCreating] = useState(false);
  const countBadge = (label: string, count: number) => (
    <Badge
      badgeContent={count}
      color="secondary"
      max={LIST_COUNT_LIMIT - 1}
      sx={{ "& .MuiBadge-badge": { right: -14 } }}
    >
      {label}
    </Badge>
  );

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
      <ConnectionBar />
      <TicketsManagerHeader
        queues={manager.queues}
        selectedQueueIds={filters.selectedQueueIds}
        onQueuesChange={filters.setSelectedQueueIds}
        canShowAll={filters.canShowAll}
        showAll={filters.showAll}
        onShowAllChange={filters.setShowAll}
        onNewTicket={() => setCreating(true)}
      />
      <Tabs
        value={filters.tab}
        onChange={(_event, tab) => filters.changeTab(tab)}
        variant="fullWidth"
        aria-label={t("tabs.label")}
        sx={{
          borderBottom: 1,
          borderColor: "divider",
          minHeight: 40,
          "& .MuiTab-root": { minHeight: 40 },
        }}
      >
        <Tab value="open" label={t("tabs.open")} />
        <Tab value="closed" label={t("tabs.closed")} />
        <Tab value="search" label={t("tabs.search")} />
      </Tabs>
      {filters.tab === "open" && (
        <Tabs
          value={filters.openTab}
          onChange={(_event, sub) => filters.setOpenTab(sub)}
          variant="fullWidth"
          aria-label={t("tabs.openLabel")}
          sx={{
            borderBottom: 1,
            borderColor: "divider",
            minHeight: 40,
            "& .MuiTab-root": { minHeight: 40 },
          }}
        >
          <Tab value="open" label={countBadge(t("tabs.assigned"), counts.assigned)} />
          <Tab value="pending" label={countBadge(t("tabs.pending"), counts.pending)} />
        </Tabs>
      )}
      {filters.tab === "search" && (
        <TicketsSearchBar
          filters={filters.search}
          onChange={filters.setSearch}
          showUserFilter={manager.isAdmin}
          loading={manager.searchFetching}
          onSearch={manager.refetchSearch}
        />
      )}
      <Box sx={{ flex: 1, minHeight: 0, display: "flex", flexDirection: "column" }}>
        <TicketsList
          list={manager.current}
          selectedUuid={selectedUuid}
          canSpy={manager.isAdmin}
          acceptingId={manager.acceptingId}
          onOpen={manager.openTicket}
          onAccept={manager.acceptTicket}
          onSpy={setSpying}
        />
      </Box>
      {spying && user && (
        <SpyDialog ticket={spying} meId={user.id} onClose={() => setSpying(null)} />
      )}
      {creating && (
        <Suspense fallback={null}>
          <NewTicketDialog open onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </Paper>
  );
}
