import Box from "@mui/material/Box";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/PageHeader";
import { useApiKey } from "../hooks/useApiKey";
import { ApiDocs } from "./ApiDocs";
import { ApiKeyCard } from "./ApiKeyCard";
import { ApiTestForm } from "./ApiTestForm";

/** /messages-api (admin-operator §2.13, admin only): key, documentation and a test form. */
export function MessagesApiPage() {
  const { t } = useTranslation("messagesApi");
  const apiKey = useApiKey();
  return (
    <>
      <PageHeader title={t("title")} />
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "1fr", lg: "minmax(0, 7fr) minmax(0, 5fr)" },
          alignItems: "start",
        }}
      >
        <ApiDocs />
        <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
          <ApiKeyCard apiKey={apiKey} />
          <ApiTestForm freshKey={apiKey.freshKey} />
        </Box>
      </Box>
    </>
  );
}
