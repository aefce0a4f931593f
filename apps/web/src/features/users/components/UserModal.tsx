import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../components/Spinner";
import { useUserForm } from "../hooks/useUserForm";
import { useUserFormOptions } from "../hooks/useUserFormOptions";
import { SupportAccessFields } from "./SupportAccessFields";
import { UserAccessFields } from "./UserAccessFields";
import { UserIdentityFields } from "./UserIdentityFields";
import { SubmitButton } from "../../../components/form/SubmitButton";

interface UserModalProps {
  open: boolean;
  /** Absent: add a user. Present: edit that user (the current user from 'Perfil'). */
  userId?: number;
  /** Adding from the operator's Companies screen: the new user joins this company. */
  companyId?: number;
  onClose(): void;
}

export function UserModal({ open, userId, companyId, onClose }: UserModalProps) {
  const { t } = useTranslation(["users", "common"]);
  const { form, onSubmit, isEdit, abilities, loading, saving } = useUserForm({
    userId,
    companyId,
    onClose,
  });
  const selectedCompanyId = useWatch({ control: form.control, name: "selectedCompanyId" });
  const options = useUserFormOptions({ ...abilities, selectedCompanyId, companyId });

  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="user-modal-title"
    >
      <DialogTitle id="user-modal-title">
        {t(isEdit ? "modal.editTitle" : "modal.addTitle")}
      </DialogTitle>
      <form noValidate onSubmit={onSubmit}>
        <DialogContent dividers>
          {loading ? (
            <Spinner />
          ) : (
            <Stack spacing={2}>
              <UserIdentityFields form={form} isEdit={isEdit} />
              <UserAccessFields form={form} abilities={abilities} queues={options.queues} />
              {abilities.supportAccess && (
                <SupportAccessFields
                  form={form}
                  companies={options.companies}
                  supportQueues={options.supportQueues}
                  supportQueuesLoading={options.supportQueuesLoading}
                />
              )}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {t("common:actions.cancel")}
          </Button>
          <SubmitButton saving={saving} disabled={loading}>
            {t(isEdit ? "modal.submitEdit" : "modal.submitAdd")}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
