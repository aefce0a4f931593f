import { PAYMENT_STATUSES, type PaymentStatus } from "@atrium/shared";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { OperatorCompanyDTO } from "../api/companiesApi";
import { day, TwoLines } from "./CellText";

/** The natural next step of the billing cycle (§3): send the request, then confirm payment. */
const NEXT: Partial<Record<PaymentStatus, PaymentStatus>> = {
  PENDING: "SENDED",
  SENDED: "COMPLETED",
};

/**
 * The 'Cobrança' cell: where the company is in its billing cycle, a button for the next step
 * and a menu reaching every other step (undo, next cycle). Each step is confirmed first.
 */
export function PaymentStatusCell({
  company,
  busy,
  onStep,
}: {
  company: OperatorCompanyDTO;
  busy: boolean;
  onStep(status: PaymentStatus): void;
}) {
  const { t } = useTranslation("companies");
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const status = company.paymentStatus ?? "PENDING";
  const next = NEXT[status];
  const sentOn = status !== "PENDING" ? day(company.lastSendPaymentAt) : null;
  const choose = (target: PaymentStatus) => {
    setAnchor(null);
    onStep(target);
  };
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
      <Box sx={{ minWidth: 0 }}>
        <TwoLines
          first={t(`paymentStatuses.${status}`)}
          second={sentOn && t("billing.sentOn", { date: sentOn })}
          data-payment-status={status}
        />
        {next && (
          <Button
            size="small"
            variant="outlined"
            disabled={busy}
            sx={{ mt: 0.5, whiteSpace: "nowrap" }}
            aria-label={t(`billing.actionFor.${next}`, { name: company.name })}
            onClick={() => onStep(next)}
          >
            {t(`billing.action.${next}`)}
          </Button>
        )}
      </Box>
      <IconButton
        size="small"
        disabled={busy}
        aria-label={t("billing.menu", { name: company.name })}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {PAYMENT_STATUSES.filter((s) => s !== status).map((target) => (
          <MenuItem key={target} onClick={() => choose(target)}>
            {t("billing.moveTo", { status: t(`paymentStatuses.${target}`) })}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
