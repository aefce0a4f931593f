import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Popper from "@mui/material/Popper";
import { useTranslation } from "react-i18next";
import type { QuickMessageDTO } from "../../../quickMessages/api/quickMessagesApi";
import { quickMessageLabel } from "../../lib/messageRules";

interface QuickMessagesMenuProps {
  anchor: HTMLElement | null;
  options: QuickMessageDTO[];
  highlighted: number;
  onChoose(quick: QuickMessageDTO): void;
}

/** The '/' shortcut menu above the input. */
export function QuickMessagesMenu({
  anchor,
  options,
  highlighted,
  onChoose,
}: QuickMessagesMenuProps) {
  const { t } = useTranslation("messages");
  return (
    <Popper
      open={anchor !== null && options.length > 0}
      anchorEl={anchor}
      placement="top-start"
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
    >
      <Paper elevation={4} sx={{ maxHeight: 260, overflowY: "auto", minWidth: 280 }}>
        <List dense role="listbox" aria-label={t("composer.quickMessages")}>
          {options.map((quick, index) => (
            <ListItemButton
              key={quick.id}
              role="option"
              selected={index === highlighted}
              aria-selected={index === highlighted}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onChoose(quick)}
            >
              <ListItemText
                primary={quickMessageLabel(
                  quick,
                  t("composer.quickFile", { name: quick.fileName ?? "" }),
                )}
              />
            </ListItemButton>
          ))}
        </List>
      </Paper>
    </Popper>
  );
}
