import {
  announcementMediaAllowed,
  announcementSchema,
  type AnnouncementCategory,
} from "@atrium/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import { useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "../../../app/toast/toastStore";
import { AttachmentField } from "../../../components/form/AttachmentField";
import type { AnnouncementDTO } from "../api/announcementsApi";
import { useRemoveAnnouncementMedia, useSaveAnnouncement } from "../hooks/useAnnouncementMutations";
import { AnnouncementFields } from "./AnnouncementFields";
import { SubmitButton } from "../../../components/form/SubmitButton";

export interface AnnouncementFormValues {
  title: string;
  text: string;
  link: string;
  priority: string;
  category: AnnouncementCategory;
  status: string;
}

const storedMedia = (record?: AnnouncementDTO) =>
  record?.mediaPath && record.mediaName ? { name: record.mediaName, url: record.mediaPath } : null;

/** Add/edit an announcement (defaults: priority 3, category NEW, active). */
export function AnnouncementDialog({
  record,
  onClose,
}: {
  record?: AnnouncementDTO;
  onClose(): void;
}) {
  const { t } = useTranslation(["announcements", "common"]);
  const [file, setFile] = useState<File | null>(null);
  const [stored, setStored] = useState(storedMedia(record));
  const save = useSaveAnnouncement(onClose);
  const removeMedia = useRemoveAnnouncementMedia((saved) => setStored(storedMedia(saved)));
  const form = useForm<AnnouncementFormValues>({
    resolver: zodResolver(announcementSchema) as unknown as Resolver<AnnouncementFormValues>,
    defaultValues: {
      title: record?.title ?? "",
      text: record?.text ?? "",
      link: record?.link ?? "",
      priority: String(record?.priority ?? 3),
      category: record?.category ?? "NEW",
      status: String(record?.status ?? true),
    },
  });
  const onSubmit = form.handleSubmit(async () => {
    const values = form.getValues();
    const payload = {
      title: values.title.trim(),
      text: values.text.trim(),
      link: values.link.trim() || null,
      priority: Number(values.priority),
      category: values.category,
      status: values.status === "true",
    };
    await save.mutateAsync({ id: record?.id, payload, file }).catch(() => undefined);
  });
  const pick = (picked: File | null) => {
    if (picked && !announcementMediaAllowed(picked.name)) {
      toast.error(t("dialog.invalidFile"));
      return;
    }
    setFile(picked);
  };
  const saving = form.formState.isSubmitting;

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="announcement-title"
    >
      <DialogTitle id="announcement-title">
        {t(record ? "dialog.editTitle" : "dialog.addTitle")}
      </DialogTitle>
      <form noValidate onSubmit={onSubmit}>
        <DialogContent dividers>
          <Stack spacing={2}>
            <AnnouncementFields form={form} />
            <AttachmentField
              current={stored}
              pendingFile={file}
              onPick={pick}
              accept=".png,.jpg,.jpeg"
              onRemove={record ? () => removeMedia.mutate(record.id) : undefined}
              removing={removeMedia.isPending}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {t("common:actions.cancel")}
          </Button>
          <SubmitButton saving={saving}>
            {t(record ? "common:actions.save" : "common:actions.add")}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
