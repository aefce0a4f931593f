import type { PaymentStatus } from "@atrium/shared";
import TableCell from "@mui/material/TableCell";
import { useTranslation } from "react-i18next";
import type { CompanyConnectionDTO, OperatorCompanyDTO } from "../api/companiesApi";
import type { CompanyActions } from "../hooks/useCompanyActions";
import { day, TwoLines } from "./CellText";
import { CompanyConnections } from "./CompanyConnections";
import { CompanyFileCell } from "./CompanyFileCell";
import { PaymentStatusCell } from "./PaymentStatusCell";

/** A date for a cell: "-" when missing, the raw value when unreadable. */
function dayCell(value: string | null | undefined): string {
  return day(value) ?? (value || "-");
}

/** The cells of one company row, after its select button. */
export function CompanyRowCells({
  company,
  actions,
  onRestart,
  onPayment,
}: {
  company: OperatorCompanyDTO;
  actions: CompanyActions;
  onRestart(connection: CompanyConnectionDTO): void;
  /** A step of the billing cycle, to confirm. */
  onPayment(status: PaymentStatus): void;
}) {
  const { t } = useTranslation("companies");
  const fileBusy = actions.uploadFile.isPending || actions.deleteFile.isPending;
  const fileCell = (kind: "invoice" | "note") => (
    <TableCell>
      <CompanyFileCell
        kind={kind}
        companyName={company.name}
        file={kind === "invoice" ? company.invoiceFile : company.noteFile}
        busy={fileBusy}
        onUpload={(file) => actions.uploadFile.mutate({ company, kind, file })}
        onDelete={() => actions.deleteFile.mutate({ company, kind })}
      />
    </TableCell>
  );
  return (
    <>
      <TableCell>{company.instance?.name ?? "-"}</TableCell>
      <TableCell>
        <TwoLines first={company.name} second={company.document} />
      </TableCell>
      <TableCell>
        <TwoLines first={company.email} second={company.phone} />
      </TableCell>
      <TableCell>{company.segments || "-"}</TableCell>
      <TableCell>
        <TwoLines
          first={company.plan?.name}
          second={company.paymentMethod && t(`paymentMethods.${company.paymentMethod}`)}
        />
      </TableCell>
      <TableCell>{t(company.invoiceRequired ? "yes" : "no")}</TableCell>
      <TableCell>{company.useType ? t(`useTypes.${company.useType}`) : "-"}</TableCell>
      <TableCell>
        {company.archived ? (
          <TwoLines first={t("table.archived")} second={dayCell(company.archivedAt)} />
        ) : (
          t(company.status ? "status.active" : "status.inactive")
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>
        <PaymentStatusCell
          company={company}
          busy={actions.payment.isPending}
          onStep={(status) => onPayment(status)}
        />
      </TableCell>
      {fileCell("invoice")}
      {fileCell("note")}
      <TableCell>{dayCell(company.createdAt)}</TableCell>
      <TableCell>
        <TwoLines
          first={dayCell(company.dueDate)}
          second={company.recurrence && t(`recurrences.${company.recurrence}`)}
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>
        <CompanyConnections
          connections={company.whatsapps ?? []}
          restartingId={actions.restart.isPending ? actions.restart.variables.connectionId : null}
          onRestart={onRestart}
        />
      </TableCell>
    </>
  );
}
