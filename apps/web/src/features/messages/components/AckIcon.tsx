import AccessTimeIcon from "@mui/icons-material/AccessTime";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import DoneIcon from "@mui/icons-material/Done";
import { useTranslation } from "react-i18next";
import { ackMark } from "../lib/messageRules";

export const READ_ACK_COLOR = "#0288d1";

/** ack 0 clock; 1-2 single tick; 3 grey double tick; 4-5 blue double tick. */
export function AckIcon({ ack }: { ack: number }) {
  const { t } = useTranslation("messages");
  const mark = ackMark(ack);
  const common = { fontSize: "inherit" as const, titleAccess: t(`ack.${mark}`), "data-ack": mark };
  if (mark === "clock") return <AccessTimeIcon {...common} sx={{ color: "text.secondary" }} />;
  if (mark === "single") return <DoneIcon {...common} sx={{ color: "text.secondary" }} />;
  if (mark === "double") return <DoneAllIcon {...common} sx={{ color: "text.secondary" }} />;
  return <DoneAllIcon {...common} sx={{ color: READ_ACK_COLOR }} />;
}
