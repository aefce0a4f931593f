import { todayIso } from "@atrium/shared";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState";
import { usePlans } from "../../plans/hooks/usePlans";
import type { CompanyConnectionDTO, OperatorCompanyDTO } from "../api/companiesApi";
import { useCompaniesList, useInstances } from "../hooks/useCompaniesData";
import { useCompanyActions } from "../hooks/useCompanyActions";
import { EMPTY_FILTERS, filterCompanies, type CompanyFilters } from "../lib/companyFilters";
import { CompaniesDashboard } from "./CompaniesDashboard";
import { CompaniesFilters } from "./CompaniesFilters";
import { CompaniesTable } from "./CompaniesTable";
import { CompanyConfirmations, type PendingConfirmation } from "./CompanyConfirmations";
import { CompanyEditor, type CompanyConfirmation } from "./CompanyEditor";
import { CompanyUserButtonModal } from "./CompanyUserModal";

/** Settings › Companies (admin-operator §2.3), super users only. */
export function CompaniesManager() {
  const { t } = useTranslation("companies");
  const { companies, loading } = useCompaniesList();
  const { plans } = usePlans();
  const instances = useInstances();
  const actions = useCompanyActions();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [filters, setFilters] = useState<CompanyFilters>(EMPTY_FILTERS);
  const [pending, setPending] = useState<PendingConfirmation | null>(null);
  const [userModalFor, setUserModalFor] = useState<OperatorCompanyDTO | null>(null);
  const today = todayIso();
  const selected = companies.find((c) => c.id === selectedId) ?? null;
  const rows = useMemo(
    () => filterCompanies(companies, filters, today, selectedId),
    [companies, filters, today, selectedId],
  );

  const clear = useCallback(() => {
    setSelectedId(null);
    setFormKey((key) => key + 1);
  }, []);
  const confirm = useCallback(
    (kind: CompanyConfirmation) => selected && setPending({ kind, company: selected }),
    [selected],
  );
  const openUser = useCallback(() => setUserModalFor(selected), [selected]);
  const restart = (company: OperatorCompanyDTO, connection: CompanyConnectionDTO) =>
    setPending({ kind: "restart", company, connection });

  return (
    <Stack spacing={2}>
      <CompaniesDashboard />
      <CompanyEditor
        key={`${selected?.id ?? "new"}-${formKey}`}
        selected={selected}
        plans={plans}
        instances={instances}
        onClear={clear}
        onConfirm={confirm}
        onOpenUser={openUser}
      />
      {!selected && (
        <CompaniesFilters filters={filters} instances={instances} onChange={setFilters} />
      )}
      <Paper variant="outlined" sx={{ overflowX: "auto" }}>
        <CompaniesTable
          companies={rows}
          loading={loading}
          selectedId={selectedId}
          today={today}
          actions={actions}
          onSelect={(company) => setSelectedId(company.id === selectedId ? null : company.id)}
          onRestart={restart}
          onPayment={(company, status) => setPending({ kind: "payment", company, status })}
        />
        {!loading && rows.length === 0 && <EmptyState message={t("empty")} />}
      </Paper>
      <CompanyConfirmations
        pending={pending}
        actions={actions}
        onClose={() => setPending(null)}
        onDeleted={clear}
      />
      {userModalFor && (
        <CompanyUserButtonModal company={userModalFor} onClose={() => setUserModalFor(null)} />
      )}
    </Stack>
  );
}
