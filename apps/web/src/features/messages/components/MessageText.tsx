import MapIcon from "@mui/icons-material/MapOutlined";
import PersonIcon from "@mui/icons-material/PersonOutlined";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { MessageDTO } from "../api/messageTypes";
import { formatText } from "../lib/formatText";
import { displayBody } from "../lib/messageRules";
import { parseLocation, parseVcards } from "../lib/richContent";

const TEXT_SX = { whiteSpace: "pre-wrap", wordBreak: "break-word" } as const;

/** The text part of a bubble: plain text, a location card, contact cards or a placeholder. */
export function MessageText({ message }: { message: Pick<MessageDTO, "body" | "mediaType"> }) {
  const { t } = useTranslation("messages");
  if (!message.body) return null;
  if (message.mediaType === "location") {
    const { lines, mapUrl } = parseLocation(message.body);
    return (
      <Box data-testid="location" sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
        <MapIcon fontSize="small" color="primary" aria-hidden sx={{ mt: 0.25 }} />
        <Box sx={{ minWidth: 0 }}>
          {lines.map((line, i) => (
            <Typography
              key={i}
              variant="body2"
              sx={{ ...TEXT_SX, fontWeight: i === 0 ? 600 : 400 }}
            >
              {line}
            </Typography>
          ))}
          {mapUrl && (
            <Link href={mapUrl} target="_blank" rel="noopener noreferrer" variant="body2">
              {t("location.open")}
            </Link>
          )}
        </Box>
      </Box>
    );
  }
  if (message.mediaType === "vcard") {
    const cards = parseVcards(message.body);
    if (cards.length === 0)
      return (
        <Typography variant="body2" sx={TEXT_SX}>
          {message.body}
        </Typography>
      );
    return (
      <Box sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
        {cards.map((card, i) => (
          <Box key={i} data-testid="contact-card" sx={{ display: "flex", gap: 1 }}>
            <PersonIcon fontSize="small" color="primary" aria-hidden sx={{ mt: 0.25 }} />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {card.name || t("quoted.contact")}
              </Typography>
              {card.org && (
                <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
                  {card.org}
                </Typography>
              )}
              {[...card.phones, ...card.emails].map((value) => (
                <Typography key={value} variant="body2" sx={TEXT_SX}>
                  {value}
                </Typography>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <>
      {message.mediaType === "unsupported" && (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: "block", fontStyle: "italic" }}
        >
          {t("unsupported")}
        </Typography>
      )}
      <Typography variant="body2" sx={TEXT_SX}>
        {formatText(displayBody(message.body))}
      </Typography>
    </>
  );
}
