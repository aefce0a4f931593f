import { COMPANY_ROW_COLORS, companyRowState, type PaymentStatus } from "@atrium/shared";
import RadioButtonCheckedIcon from "@mui/icons-material/RadioButtonChecked";
import RadioButtonUncheckedIcon from "@mui/icons-material/RadioButtonUnchecked";
import IconButton from "@mui/material/IconButton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { useTranslation } from "react-i18next";
import { SkeletonRows } from "../../../components/SkeletonRows";
import type { CompanyConnectionDTO, OperatorCompanyDTO } from "../api/companiesApi";
import type { CompanyActions } from "../hooks/useCompanyActions";
import { CompanyRowCells } from "./CompanyRowCells";

const COLUMNS = [
  "instance",
  "name",
  "email",
  "segments",
  "plan",
  "invoiceRequired",
  "useType",
  "status",
  "paymentStatus",
  "invoiceFile",
  "noteFile",
  "createdAt",
  "dueDate",
  "connections",
] as const;

interface CompaniesTableProps {
  companies: OperatorCompanyDTO[];
  loading: boolean;
  selectedId: number | null;
  today: string;
  actions: CompanyActions;
  onSelect(company: OperatorCompanyDTO): void;
  onRestart(company: OperatorCompanyDTO, connection: CompanyConnectionDTO): void;
  onPayment(company: OperatorCompanyDTO, status: PaymentStatus): void;
}

/** Every company with its billing highlight (§2.3 row colours). */
export function CompaniesTable({
  companies,
  loading,
  selectedId,
  today,
  actions,
  onSelect,
  onRestart,
  onPayment,
}: CompaniesTableProps) {
  const { t } = useTranslation("companies");
  return (
    <Table size="small" aria-label={t("table.label")}>
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox" />
          {COLUMNS.map((column) => (
            <TableCell key={column} sx={{ whiteSpace: "nowrap" }}>
              {t(`table.${column}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {companies.map((company) => {
          const selected = company.id === selectedId;
          const state = companyRowState(company, today, selected);
          return (
            <TableRow
              key={company.id}
              data-state={state}
              sx={{ bgcolor: COMPANY_ROW_COLORS[state] }}
              aria-selected={selected}
            >
              <TableCell padding="checkbox">
                <IconButton
                  size="small"
                  aria-label={t("table.select", { name: company.name })}
                  onClick={() => onSelect(company)}
                >
                  {selected ? (
                    <RadioButtonCheckedIcon fontSize="small" color="primary" />
                  ) : (
                    <RadioButtonUncheckedIcon fontSize="small" />
                  )}
                </IconButton>
              </TableCell>
              <CompanyRowCells
                company={company}
                actions={actions}
                onRestart={(connection) => onRestart(company, connection)}
                onPayment={(status) => onPayment(company, status)}
              />
            </TableRow>
          );
        })}
        {loading && <SkeletonRows columns={COLUMNS.length + 1} count={4} />}
      </TableBody>
    </Table>
  );
}
