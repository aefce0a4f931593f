import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { MessageDTO } from "../api/messageTypes";
import { formatText } from "../lib/formatText";
import { displayBody } from "../lib/messageRules";
import { previewText } from "../lib/richContent";

type Quoted = NonNullable<MessageDTO["quotedMsg"]>;

/** The quoted original above a reply (and above the composer while replying). */
export function QuotedMessage({ quoted }: { quoted: Quoted }) {
  const { t } = useTranslation("messages");
  const author = quoted.fromMe ? t("quoted.you") : (quoted.contact?.name ?? t("quoted.contact"));
  // A quoted text message without body was deleted (the server blanks deleted bodies).
  const text = quoted.body
    ? formatText(displayBody(previewText(quoted.mediaType, quoted.body)))
    : quoted.mediaType === "chat"
      ? t("deleted")
      : t(`media.${quoted.mediaType}`, { defaultValue: t("media.other") });
  return (
    <Box
      sx={{
        borderLeft: 4,
        borderColor: quoted.fromMe ? "success.main" : "primary.main",
        bgcolor: "action.hover",
        borderRadius: 1,
        px: 1,
        py: 0.5,
        mb: 0.5,
        overflow: "hidden",
      }}
    >
      <Typography
        variant="caption"
        color={quoted.fromMe ? "success.main" : "primary.main"}
        sx={{ fontWeight: 600 }}
      >
        {author}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word", maxHeight: 60, overflow: "hidden" }}
      >
        {text}
      </Typography>
    </Box>
  );
}
