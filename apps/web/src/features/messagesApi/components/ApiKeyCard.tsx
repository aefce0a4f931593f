import KeyIcon from "@mui/icons-material/Key";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import type { useApiKey } from "../hooks/useApiKey";
import { CodeBlock } from "./CodeBlock";

/** The company's X_KEY: API on/off, generate or replace (with confirmation), shown once. */
export function ApiKeyCard({ apiKey }: { apiKey: ReturnType<typeof useApiKey> }) {
  const { t } = useTranslation("messagesApi");
  const { status, rotate, freshKey } = apiKey;
  const [confirming, setConfirming] = useState(false);
  const generate = () => {
    if (status.data?.hasKey) setConfirming(true);
    else rotate.mutate();
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, display: "flex", flexDirection: "column", gap: 1.5 }}>
      <Typography variant="h6" component="h2">
        {t("key.title")}
      </Typography>
      {status.isPending ? (
        <Skeleton variant="rounded" height={40} />
      ) : (
        <>
          {status.data && !status.data.apiEnabled && (
            <Alert severity="warning">{t("key.disabled")}</Alert>
          )}
          {!freshKey && (
            <Typography variant="body2" color="text.secondary">
              {status.data?.hasKey ? t("key.hasKey") : t("key.noKey")}
            </Typography>
          )}
          {freshKey && (
            <>
              <Alert severity="info">{t("key.showOnce")}</Alert>
              <CodeBlock code={freshKey} label={t("key.label")} />
            </>
          )}
          <Box>
            <Button
              variant="contained"
              startIcon={
                rotate.isPending ? <CircularProgress size={16} color="inherit" /> : <KeyIcon />
              }
              disabled={rotate.isPending}
              onClick={generate}
            >
              {status.data?.hasKey ? t("key.regenerate") : t("key.generate")}
            </Button>
          </Box>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={t("key.confirmTitle")}
        message={t("key.confirmMessage")}
        confirmLabel={t("key.regenerate")}
        busy={rotate.isPending}
        onConfirm={() => rotate.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
