import Tooltip from "@mui/material/Tooltip";
import { useTranslation } from "react-i18next";
import type { MessageDTO } from "../api/messageTypes";

/** 'Editada' beside the time; hovering it shows the earlier texts, oldest first. */
export function EditedMark({ history }: { history: MessageDTO["editHistory"] | undefined }) {
  const { t } = useTranslation("messages");
  const earlier = (history ?? []).map((h) => h.body).filter(Boolean);
  const mark = <span data-testid="edited-mark">{t("edited")}</span>;
  if (earlier.length === 0) return mark;
  return (
    <Tooltip
      title={
        <span style={{ whiteSpace: "pre-wrap" }}>
          {t("editedBefore", { text: earlier.join("\n") })}
        </span>
      }
    >
      {mark}
    </Tooltip>
  );
}
