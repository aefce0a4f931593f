import ConstructionOutlinedIcon from "@mui/icons-material/ConstructionOutlined";
import Paper from "@mui/material/Paper";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState";
import { PageHeader } from "../../../components/PageHeader";

/** Screens delivered by later issues: their title and a notice, no fake data. */
export function ComingSoonPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(["layout", "common"]);
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <Paper variant="outlined">
        <EmptyState
          icon={<ConstructionOutlinedIcon fontSize="large" />}
          message={t("common:comingSoon")}
        />
      </Paper>
    </>
  );
}
