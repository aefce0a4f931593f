import type { PaymentStatus } from "@atrium/shared";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import type { CompanyConnectionDTO, OperatorCompanyDTO } from "../api/companiesApi";
import type { CompanyActions } from "../hooks/useCompanyActions";
import type { CompanyConfirmation } from "./CompanyEditor";

export type PendingConfirmation =
  | { kind: CompanyConfirmation; company: OperatorCompanyDTO }
  | { kind: "restart"; company: OperatorCompanyDTO; connection: CompanyConnectionDTO }
  | { kind: "payment"; company: OperatorCompanyDTO; status: PaymentStatus };

/**
 * The confirmations of §8: resend access (resets the password), close all, archive, delete,
 * restart; and each step of the billing cycle.
 */
export function CompanyConfirmations({
  pending,
  actions,
  onClose,
  onDeleted,
}: {
  pending: PendingConfirmation | null;
  actions: CompanyActions;
  onClose(): void;
  onDeleted(): void;
}) {
  const { t } = useTranslation(["companies", "common"]);
  if (!pending) return null;
  const { company } = pending;
  const key =
    pending.kind === "payment"
      ? `payment.${pending.status}`
      : pending.kind === "archive" && company.archived
        ? "unarchive"
        : (pending.kind as string);
  const run = () => {
    switch (pending.kind) {
      case "resendAccess":
        actions.resendAccess.mutate(company);
        break;
      case "closeAll":
        actions.closeAll.mutate(company);
        break;
      case "archive":
        actions.archive.mutate(company);
        break;
      case "delete":
        actions.remove.mutate(company, { onSuccess: onDeleted });
        break;
      case "restart":
        actions.restart.mutate({ connectionId: pending.connection.id, companyId: company.id });
        break;
      case "payment":
        actions.payment.mutate({ company, status: pending.status });
        break;
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open
      title={t(`confirm.${key}.title`)}
      message={t(`confirm.${key}.message`, {
        name: company.name,
        connection: pending.kind === "restart" ? pending.connection.name : "",
      })}
      confirmLabel={t("common:actions.confirm")}
      onConfirm={run}
      onClose={onClose}
    />
  );
}
