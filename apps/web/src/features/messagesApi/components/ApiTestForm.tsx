import AttachFileIcon from "@mui/icons-material/AttachFile";
import CloseIcon from "@mui/icons-material/Close";
import SendIcon from "@mui/icons-material/Send";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { Controller, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { textFieldProps } from "../../../components/form/textFieldProps";
import { useConnections } from "../../connections/hooks/useConnections";
import { queuesApi, queuesKeys } from "../../queues/api/queuesApi";
import { useApiTestForm } from "../hooks/useApiTestForm";
import { CodeBlock } from "./CodeBlock";
import { validationText } from "../../../app/validation";

/** Tries the endpoint as an outside system would: key, connection token, number, text or file. */
export function ApiTestForm({ freshKey }: { freshKey: string | null }) {
  const { t } = useTranslation("messagesApi");
  const { form, onSubmit, file, setFile, result, sending } = useApiTestForm(freshKey);
  const connections = useConnections();
  const queues = useQuery({
    queryKey: queuesKeys.list(),
    queryFn: ({ signal }) => queuesApi.list(undefined, signal),
  });
  const withToken = (connections.data ?? []).filter((c) => c.token);
  const ticket = useWatch({ control: form.control, name: "ticket" });
  // A freshly generated key fills the field without a keystroke: its label must move up.
  const key = useWatch({ control: form.control, name: "key" });
  const fileInput = useRef<HTMLInputElement>(null);

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t("test.title")}
      </Typography>
      <form noValidate onSubmit={onSubmit} aria-label={t("test.title")}>
        <Stack spacing={2}>
          <TextField
            {...textFieldProps(form, "key")}
            label={t("test.key")}
            slotProps={{ inputLabel: key ? { shrink: true } : undefined }}
            required
            autoComplete="off"
            fullWidth
          />
          <Controller
            control={form.control}
            name="token"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                select
                required
                label={t("test.token")}
                error={Boolean(fieldState.error)}
                helperText={
                  validationText(fieldState.error?.message) ??
                  (connections.isSuccess && withToken.length === 0 ? t("test.noTokens") : undefined)
                }
                disabled={connections.isPending}
                fullWidth
              >
                {withToken.map((c) => (
                  <MenuItem key={c.id} value={c.token}>
                    {t("test.tokenOption", { name: c.name, token: c.token })}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            {...textFieldProps(form, "number")}
            label={t("test.number")}
            placeholder="5511999999999"
            required
            fullWidth
            inputMode="numeric"
          />
          <TextField
            {...textFieldProps(form, "body")}
            label={t("test.body")}
            multiline
            minRows={3}
            fullWidth
          />
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
            <input
              ref={fileInput}
              type="file"
              hidden
              aria-label={t("test.file")}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                event.target.value = "";
              }}
            />
            <Button startIcon={<AttachFileIcon />} onClick={() => fileInput.current?.click()}>
              {t("test.file")}
            </Button>
            {file && (
              <>
                <Typography variant="body2">{file.name}</Typography>
                <IconButton
                  size="small"
                  aria-label={t("test.removeFile")}
                  onClick={() => setFile(null)}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </>
            )}
          </Box>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: "center" }}>
            <Controller
              control={form.control}
              name="ticket"
              render={({ field }) => (
                <FormControlLabel
                  label={t("test.ticket")}
                  sx={{ flexShrink: 0 }}
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(_event, checked) => field.onChange(checked)}
                    />
                  }
                />
              )}
            />
            {ticket && (
              <Controller
                control={form.control}
                name="queue"
                render={({ field }) => (
                  <TextField {...field} select label={t("test.queue")} fullWidth>
                    <MenuItem value="">{t("test.noQueue")}</MenuItem>
                    {(queues.data ?? []).map((q) => (
                      <MenuItem key={q.id} value={String(q.id)}>
                        {q.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
          </Stack>
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={sending}
              startIcon={sending ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
            >
              {t("test.send")}
            </Button>
          </Box>
          {result && <CodeBlock code={JSON.stringify(result, null, 2)} label={t("test.result")} />}
        </Stack>
      </form>
    </Paper>
  );
}
