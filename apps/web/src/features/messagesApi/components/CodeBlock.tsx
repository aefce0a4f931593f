import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { copyText } from "../../connections/api/widgetSnippet";

/** A monospace block with a copy button. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const { t } = useTranslation("messagesApi");
  const copy = () => copyText(code).then(() => toast.success(t("copied")), toastError);
  return (
    <Box sx={{ position: "relative" }}>
      <Box
        component="pre"
        aria-label={label}
        sx={{
          m: 0,
          p: 1.5,
          pr: 5,
          bgcolor: "grey.100",
          borderRadius: 1,
          fontSize: 13,
          fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
          overflowX: "auto",
          whiteSpace: "pre",
        }}
      >
        {code}
      </Box>
      <Tooltip title={t("copy")}>
        <IconButton
          size="small"
          aria-label={t("copyLabel", { label })}
          onClick={() => void copy()}
          sx={{ position: "absolute", top: 4, right: 4 }}
        >
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
