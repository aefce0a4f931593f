import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** Opt-out words as chips: type one and press Enter; a chip's delete removes it. */
export function OptOutWordsField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange(words: string[]): void;
  error?: string;
}) {
  const { t } = useTranslation("campaigns");
  const [draft, setDraft] = useState("");
  const add = () => {
    const word = draft.trim();
    if (word && !value.some((w) => w.toLowerCase() === word.toLowerCase())) {
      onChange([...value, word]);
    }
    setDraft("");
  };
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {t("settings.optOutWords")}
      </Typography>
      <Box
        sx={{ display: "flex", gap: 1, flexWrap: "wrap", mb: 1 }}
        role="list"
        aria-label={t("settings.optOutWords")}
      >
        {value.map((word) => (
          <Chip
            key={word}
            role="listitem"
            label={word}
            onDelete={() => onChange(value.filter((w) => w !== word))}
          />
        ))}
      </Box>
      <TextField
        id="field-optOutWord"
        label={t("settings.optOutWordsAdd")}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            add();
          }
        }}
        onBlur={add}
        error={Boolean(error)}
        helperText={error ?? t("settings.optOutHint")}
        slotProps={{ htmlInput: { maxLength: 50 } }}
        sx={{ minWidth: 280 }}
      />
    </Box>
  );
}
