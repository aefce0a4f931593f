import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutlineOutlined";
import ReplayIcon from "@mui/icons-material/Replay";
import UndoIcon from "@mui/icons-material/Undo";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../auth/hooks/useAuth";
import type { TicketDTO } from "../api/ticketTypes";
import { useTicketActions } from "../hooks/useTicketActions";
import { TicketOptionsMenu } from "./TicketOptionsMenu";

/** Accept (pending), Return and Resolve (open), Reopen (closed), and the options menu. */
export function TicketActions({ ticket }: { ticket: TicketDTO }) {
  const { t } = useTranslation("tickets");
  const { user } = useAuth();
  const actions = useTicketActions(ticket);
  const [resolveAnchor, setResolveAnchor] = useState<HTMLElement | null>(null);
  const busy = actions.busy || actions.removing;
  const resolve = (withMessage: boolean) => {
    setResolveAnchor(null);
    actions.run({ action: "finished", withMessage });
  };

  return (
    <Box
      sx={{
        display: "flex",
        alignItems: "center",
        gap: 1,
        flexWrap: "wrap",
        justifyContent: "flex-end",
      }}
    >
      {ticket.status === "pending" && (
        <Button
          size="small"
          variant="contained"
          disabled={busy}
          onClick={() => actions.run({ action: "accept" })}
        >
          {t("actions.accept")}
        </Button>
      )}
      {ticket.status === "open" && (
        <>
          <Button
            size="small"
            startIcon={<UndoIcon />}
            disabled={busy}
            onClick={() => actions.run({ action: "move_to_pending" })}
          >
            {t("actions.return")}
          </Button>
          <Button
            size="small"
            variant="contained"
            color="success"
            startIcon={<CheckCircleOutlineIcon />}
            disabled={busy}
            aria-haspopup={user?.allowFinishTicketWithoutMessage ? "menu" : undefined}
            onClick={(event) =>
              user?.allowFinishTicketWithoutMessage
                ? setResolveAnchor(event.currentTarget)
                : resolve(true)
            }
          >
            {t("actions.resolve")}
          </Button>
          <Menu
            anchorEl={resolveAnchor}
            open={resolveAnchor !== null}
            onClose={() => setResolveAnchor(null)}
          >
            <MenuItem onClick={() => resolve(true)}>{t("actions.resolveWithMessage")}</MenuItem>
            <MenuItem onClick={() => resolve(false)}>{t("actions.resolveWithoutMessage")}</MenuItem>
          </Menu>
        </>
      )}
      {ticket.status === "closed" && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<ReplayIcon />}
          disabled={busy}
          onClick={() => actions.run({ action: "reopen" })}
        >
          {t("actions.reopen")}
        </Button>
      )}
      <TicketOptionsMenu ticket={ticket} onDelete={actions.remove} deleting={actions.removing} />
    </Box>
  );
}
