import type { PaymentStatus } from "@atrium/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toastFailure } from "../../../api/toastFailure";
import { toast } from "../../../app/toast/toastStore";
import {
  companiesApi,
  companiesKeys,
  type CompanyFileKind,
  type OperatorCompanyDTO,
} from "../api/companiesApi";

export interface PaymentStep {
  company: OperatorCompanyDTO;
  status: PaymentStatus;
  /** Going back after a step (from the toast): no new undo offered. */
  undo?: boolean;
}

/** The operator's actions on one company (admin-operator §2.3, §4, §8), each with its toasts. */
export function useCompanyActions() {
  const { t } = useTranslation("companies");
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: companiesKeys.operator() });
  const failed = (err: unknown) => toastFailure(err, t("toasts.failed"));
  const succeeded = (message: string) => async () => {
    toast.success(message);
    await refresh();
  };

  const archive = useMutation({
    mutationFn: (company: OperatorCompanyDTO) =>
      companiesApi.setArchived(company.id, !company.archived),
    onSuccess: succeeded(t("toasts.saved")),
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (company: OperatorCompanyDTO) => companiesApi.remove(company.id),
    onSuccess: succeeded(t("toasts.deleteRequested")),
    onError: failed,
  });
  const closeAll = useMutation({
    mutationFn: (company: OperatorCompanyDTO) => companiesApi.closeAllTickets(company.id),
    onSuccess: succeeded(t("toasts.ticketsClosed")),
    onError: failed,
  });
  const resendAccess = useMutation({
    mutationFn: (company: OperatorCompanyDTO) => companiesApi.resendAccessEmail(company.id),
    onSuccess: succeeded(t("toasts.accessResent")),
    onError: failed,
  });
  /**
   * A step of the billing cycle (§3 paymentStatus). Sending a request from PENDING records its
   * time on the server (§4); every step offers its undo in the toast.
   */
  const payment = useMutation({
    mutationFn: ({ company, status }: PaymentStep) =>
      companiesApi.setPaymentStatus(company.id, status),
    onSuccess: async (updated, { company, undo }) => {
      const before = company.paymentStatus ?? "PENDING";
      if (undo) toast.success(t("toasts.undone"));
      else
        toast.success(t("toasts.saved"), {
          label: t("billing.undo"),
          run: () => payment.mutate({ company: updated, status: before, undo: true }),
        });
      await refresh();
    },
    onError: failed,
  });

  const uploadFile = useMutation({
    mutationFn: (args: { company: OperatorCompanyDTO; kind: CompanyFileKind; file: File }) =>
      companiesApi.uploadFile(args.company.id, args.kind, args.file),
    onSuccess: (_data, { kind }) =>
      succeeded(t(kind === "invoice" ? "toasts.invoiceUploaded" : "toasts.noteUploaded"))(),
    onError: failed,
  });
  const deleteFile = useMutation({
    mutationFn: (args: { company: OperatorCompanyDTO; kind: CompanyFileKind }) =>
      companiesApi.deleteFile(args.company.id, args.kind),
    onSuccess: (_data, { kind }) =>
      succeeded(t(kind === "invoice" ? "toasts.invoiceDeleted" : "toasts.noteDeleted"))(),
    onError: failed,
  });

  /** §4: a restart that does not come back CONNECTED is an error. */
  const restart = useMutation({
    mutationFn: (args: { connectionId: number; companyId: number }) =>
      companiesApi.restartConnection(args.connectionId, args.companyId),
    onSuccess: async (answer) => {
      if (answer?.status === "CONNECTED") toast.success(t("toasts.restarted"));
      else toast.error(t("toasts.restartNotConnected"));
      await refresh();
    },
    onError: (err) => toastFailure(err, t("toasts.restartFailed")),
  });

  return {
    archive,
    remove,
    closeAll,
    resendAccess,
    payment,
    uploadFile,
    deleteFile,
    restart,
  };
}

export type CompanyActions = ReturnType<typeof useCompanyActions>;
