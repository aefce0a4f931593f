import DownloadIcon from "@mui/icons-material/Download";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import { inlineElement } from "@atrium/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { MessageDTO } from "../api/messageTypes";

const MEDIA_WIDTH = 250;

/**
 * Image preview (click: full size), audio and video players, everything else a download chip.
 * Inline only for an inert type the server detected (an SVG or HTML "image" is a download).
 */
export function MessageMedia({ message }: { message: MessageDTO }) {
  const { t } = useTranslation("messages");
  const [zoomed, setZoomed] = useState(false);
  const url = message.mediaUrl;
  if (!url) return null;
  const name = message.fileName ?? t("media.download");

  switch (inlineElement(message.mediaType, message.mimeType)) {
    case "img":
      return (
        <>
          <Box
            component="img"
            src={url}
            alt={name}
            onClick={() => setZoomed(true)}
            sx={{
              display: "block",
              maxWidth: MEDIA_WIDTH,
              maxHeight: 250,
              borderRadius: 1,
              cursor: "zoom-in",
              objectFit: "cover",
            }}
          />
          <Dialog open={zoomed} onClose={() => setZoomed(false)} maxWidth="lg" aria-label={name}>
            <Box
              component="img"
              src={url}
              alt={name}
              onClick={() => setZoomed(false)}
              sx={{ display: "block", maxWidth: "100%" }}
            />
          </Dialog>
        </>
      );
    case "audio":
      return (
        <Box component="audio" controls src={url} sx={{ maxWidth: "100%", width: MEDIA_WIDTH }} />
      );
    case "video":
      return (
        <Box
          component="video"
          controls
          src={url}
          sx={{ display: "block", maxWidth: MEDIA_WIDTH, borderRadius: 1 }}
        />
      );
    default:
      return (
        <Button
          component="a"
          href={url}
          download={message.fileName ?? true}
          target="_blank"
          rel="noopener noreferrer"
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
          sx={{
            textTransform: "none",
            maxWidth: MEDIA_WIDTH,
            justifyContent: "flex-start",
            overflow: "hidden",
            textOverflow: "ellipsis",
          }}
        >
          {name}
        </Button>
      );
  }
}
