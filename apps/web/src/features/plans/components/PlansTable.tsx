import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import IconButton from "@mui/material/IconButton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { useTranslation } from "react-i18next";
import { SkeletonRows } from "../../../components/SkeletonRows";
import { CONNECTION_LIMIT_KEYS, type PlanDTO } from "../api/plansApi";
import { planUsers } from "../lib/planForm";

const orDash = (value: number | null | undefined) =>
  value === null || value === undefined ? "-" : value;

interface PlansTableProps {
  plans: PlanDTO[];
  loading: boolean;
  selectedId: number | null;
  onEdit(plan: PlanDTO): void;
}

/**
 * Name, users, queues, the five channel limits ('-' when a limit is empty, §2.4) and whether
 * the plan offers campaigns.
 */
export function PlansTable({ plans, loading, selectedId, onEdit }: PlansTableProps) {
  const { t } = useTranslation("plans");
  return (
    <Table size="small" aria-label={t("tableLabel")}>
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox" />
          <TableCell>{t("fields.name")}</TableCell>
          <TableCell align="center">{t("fields.users")}</TableCell>
          <TableCell align="center">{t("fields.queues")}</TableCell>
          {CONNECTION_LIMIT_KEYS.map((key) => (
            <TableCell key={key} align="center">
              {t(`fields.${key}`)}
            </TableCell>
          ))}
          <TableCell align="center">{t("fields.useCampaigns")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {plans.map((plan) => (
          <TableRow key={plan.id} hover selected={plan.id === selectedId}>
            <TableCell padding="checkbox">
              <IconButton
                size="small"
                aria-label={t("editAction", { name: plan.name })}
                onClick={() => onEdit(plan)}
              >
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </TableCell>
            <TableCell>{plan.name || "-"}</TableCell>
            <TableCell align="center">{orDash(planUsers(plan))}</TableCell>
            <TableCell align="center">{orDash(plan.queues)}</TableCell>
            {CONNECTION_LIMIT_KEYS.map((key) => (
              <TableCell key={key} align="center">
                {plan.connectionLimit?.[key] ?? 0}
              </TableCell>
            ))}
            <TableCell align="center">{t(plan.useCampaigns ? "yes" : "no")}</TableCell>
          </TableRow>
        ))}
        {loading && <SkeletonRows columns={9} count={3} />}
      </TableBody>
    </Table>
  );
}
