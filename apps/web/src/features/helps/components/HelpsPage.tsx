import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState";
import { PageHeader } from "../../../components/PageHeader";
import { Spinner } from "../../../components/Spinner";
import { helpsApi, helpsKeys } from "../api/helpsApi";

/** /helps (admin-operator §2.12): an accordion of help items, each with its video. */
export function HelpsPage() {
  const { t } = useTranslation("helps");
  const query = useQuery({
    queryKey: helpsKeys.list(),
    queryFn: ({ signal }) => helpsApi.list(signal),
  });
  const helps = query.data ?? [];

  return (
    <>
      <PageHeader title={t("title")} />
      {query.isPending && <Spinner />}
      {query.isError && (
        <Paper variant="outlined">
          <EmptyState message={t("loadError")} />
        </Paper>
      )}
      {query.isSuccess && helps.length === 0 && (
        <Paper variant="outlined">
          <EmptyState message={t("empty")} />
        </Paper>
      )}
      {helps.map((help) => (
        <Accordion key={help.id} slotProps={{ transition: { unmountOnExit: true } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography sx={{ fontWeight: 600 }}>{help.title}</Typography>
          </AccordionSummary>
          <AccordionDetails>
            {help.description && (
              <Typography sx={{ mb: 2, whiteSpace: "pre-wrap" }}>{help.description}</Typography>
            )}
            {help.video && (
              <Box sx={{ position: "relative", pt: "56.25%", maxWidth: 960 }}>
                <Box
                  component="iframe"
                  title={help.title}
                  src={`https://www.youtube.com/embed/${encodeURIComponent(help.video)}`}
                  allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
                  allowFullScreen
                  sx={{ position: "absolute", inset: 0, width: "100%", height: "100%", border: 0 }}
                />
              </Box>
            )}
          </AccordionDetails>
        </Accordion>
      ))}
    </>
  );
}
