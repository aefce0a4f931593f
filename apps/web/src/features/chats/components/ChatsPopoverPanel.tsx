import SearchIcon from "@mui/icons-material/Search";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useChatsList } from "../hooks/useChatsList";
import { ChatsPopoverList } from "./ChatsPopoverList";

/** The popover's content: search (debounced 500 ms) and my chats, paged near the bottom. */
export function ChatsPopoverPanel({ onClose }: { onClose(): void }) {
  const { t } = useTranslation(["chats", "common"]);
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const list = useChatsList(search);

  return (
    <>
      <Box sx={{ p: 1, borderBottom: 1, borderColor: "divider" }}>
        <TextField
          type="search"
          size="small"
          fullWidth
          placeholder={t("popover.search")}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{
            htmlInput: { "aria-label": t("popover.search") },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" color="action" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Box ref={list.scrollRef} onScroll={list.onScroll} sx={{ overflowY: "auto", flex: 1 }}>
        {list.chats.length > 0 && (
          <ChatsPopoverList
            chats={list.chats}
            onOpen={(chat) => {
              onClose();
              void navigate(`/chats/${chat.uuid}`);
            }}
          />
        )}
        {list.loading || list.loadingMore ? (
          <Box sx={{ display: "flex", justifyContent: "center", p: 2 }}>
            <CircularProgress size={24} aria-label={t("common:loading")} />
          </Box>
        ) : (
          list.chats.length === 0 && (
            <Typography color="text.secondary" sx={{ p: 2, textAlign: "center" }}>
              {t("common:noRecords")}
            </Typography>
          )
        )}
      </Box>
    </>
  );
}
