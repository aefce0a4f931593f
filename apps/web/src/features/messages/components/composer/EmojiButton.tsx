import { EMOJI_PER_LINE } from "@atrium/shared";
import MoodIcon from "@mui/icons-material/Mood";
import IconButton from "@mui/material/IconButton";
import Popover from "@mui/material/Popover";
import Box from "@mui/material/Box";
import { lazy, Suspense, useState, type CSSProperties, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../../components/Spinner";

const EmojiPicker = lazy(() => import("emoji-picker-react"));

/** Compact cells so that 16 emojis a line fit beside the input. */
const PICKER_STYLE = { "--epr-emoji-size": "22px", "--epr-emoji-padding": "4px" } as CSSProperties;
const PICKER_SIZE = { width: 540, height: 360 };

const DATASETS: Record<string, () => Promise<unknown>> = {
  pt: () => import("emoji-picker-react/data/emojis-pt"),
  es: () => import("emoji-picker-react/data/emojis-es"),
};

/**
 * The emoji picker (16 per line), loaded the first time it opens. Escape closes it, Enter sends
 * what was typed (the picker is a help for typing, not a place of its own), and closing gives
 * the focus back to the text field.
 */
export function EmojiButton({
  disabled,
  onPick,
  onEnter,
  onClosed,
}: {
  disabled: boolean;
  onPick(emoji: string): void;
  /** Enter pressed while the picker is open. */
  onEnter(): void;
  /** The picker closed (the composer takes the focus back). */
  onClosed(): void;
}) {
  const { t, i18n } = useTranslation("messages");
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const dataset = DATASETS[i18n.language.slice(0, 2)];
  const close = () => setAnchor(null);
  // Capture phase: before the picker's own search box handles the key.
  const onKeyDownCapture = (event: KeyboardEvent) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      event.stopPropagation();
      close();
      onEnter();
    }
  };
  return (
    <>
      <IconButton
        aria-label={t("composer.emoji")}
        disabled={disabled}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoodIcon />
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        disableRestoreFocus
        onKeyDownCapture={onKeyDownCapture}
        anchorOrigin={{ vertical: "top", horizontal: "left" }}
        transformOrigin={{ vertical: "bottom", horizontal: "left" }}
        slotProps={{
          paper: { "aria-label": t("composer.emojiPicker") },
          // Once it has gone: its focus trap no longer holds the focus.
          transition: { onExited: onClosed },
        }}
      >
        <Suspense
          fallback={
            // Sized like the picker, so that the popover is placed for it from the start.
            <Box sx={{ ...PICKER_SIZE, maxWidth: "calc(100vw - 32px)", display: "flex" }}>
              <Spinner />
            </Box>
          }
        >
          <EmojiPicker
            columns={EMOJI_PER_LINE}
            emojiStyle="native"
            lazyLoadEmojis
            height={PICKER_SIZE.height}
            style={PICKER_STYLE}
            previewConfig={{ showPreview: false }}
            searchPlaceholder={t("composer.emojiSearch")}
            emojiData={dataset as never}
            onEmojiClick={(emoji) => onPick(emoji.emoji)}
          />
        </Suspense>
      </Popover>
    </>
  );
}
