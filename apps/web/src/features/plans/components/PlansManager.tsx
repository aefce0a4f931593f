import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { EmptyState } from "../../../components/EmptyState";
import { usePlanForm } from "../hooks/usePlanForm";
import { usePlans } from "../hooks/usePlans";
import { PlanForm } from "./PlanForm";
import { PlansTable } from "./PlansTable";

/** Settings › Plans (admin-operator §2.4), super users only. */
export function PlansManager() {
  const { t } = useTranslation(["plans", "common"]);
  const { plans, loading } = usePlans();
  const state = usePlanForm();
  const [confirming, setConfirming] = useState(false);

  return (
    <Stack spacing={2}>
      <PlanForm state={state} onDelete={() => setConfirming(true)} />
      <Paper variant="outlined" sx={{ overflowX: "auto" }}>
        <PlansTable
          plans={plans}
          loading={loading}
          selectedId={state.editing?.id ?? null}
          onEdit={state.load}
        />
        {!loading && plans.length === 0 && <EmptyState message={t("empty")} />}
      </Paper>
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
