import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { useHelpRecords } from "../hooks/useHelpRecords";
import { HelpRecordForm } from "./HelpRecordForm";
import { HelpRecordsTable } from "./HelpRecordsTable";

/** Settings › Help (admin-operator §2.12): the form and the Version 1 and 2 tables. */
export function HelpRecordsManager() {
  const { t } = useTranslation(["helpRecords", "common"]);
  const state = useHelpRecords();
  const [confirming, setConfirming] = useState(false);
  const selectedId = state.editing?.id ?? null;

  return (
    <Stack spacing={2}>
      <HelpRecordForm state={state} onDelete={() => setConfirming(true)} />
      {(["1", "2"] as const).map((version) => (
        <Paper key={version} variant="outlined" sx={{ overflowX: "auto" }}>
          <HelpRecordsTable
            title={t("version", { version })}
            records={state.records.filter((help) => String(help.version) === version)}
            loading={state.loading}
            selectedId={selectedId}
            onEdit={state.load}
          />
        </Paper>
      ))}
      <ConfirmDialog
        open={confirming}
        title={t("confirmDelete.title")}
        message={t("confirmDelete.message")}
        confirmLabel={t("common:actions.delete")}
        busy={state.removing}
        onConfirm={() => {
          state.remove();
          setConfirming(false);
        }}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
