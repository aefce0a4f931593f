import CancelIcon from "@mui/icons-material/Cancel";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";

/** The files chosen to send, each removable before sending. */
export function AttachmentsPreview({
  files,
  onRemove,
}: {
  files: File[];
  onRemove(index: number): void;
}) {
  const { t } = useTranslation("messages");
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: "wrap", px: 1, pt: 1 }}
      aria-label={t("composer.attachments")}
    >
      {files.map((file, index) => (
        <Chip
          key={`${file.name}-${index}`}
          label={file.name}
          onDelete={() => onRemove(index)}
          deleteIcon={<CancelIcon aria-label={t("composer.removeFile", { name: file.name })} />}
          sx={{ maxWidth: 260 }}
        />
      ))}
    </Stack>
  );
}
