import AddIcon from "@mui/icons-material/Add";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { queueOptionsApi, queueOptionsKeys, type QueueOptionDTO } from "../api/queueOptionsApi";
import { QueueOptionForm } from "./QueueOptionForm";

function QueueOptionNode({ queueId, option }: { queueId: number; option: QueueOptionDTO }) {
  const { t } = useTranslation("queues");
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const label = `${option.option}. ${option.title}`;
  return (
    <Box>
      {editing ? (
        <QueueOptionForm
          queueId={queueId}
          parentId={option.parentId}
          option={option}
          onDone={() => setEditing(false)}
        />
      ) : (
        <Box sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
          <IconButton
            size="small"
            aria-label={t(open ? "options.collapse" : "options.expand", { name: label })}
            onClick={() => setOpen(!open)}
          >
            {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
          </IconButton>
          <Typography sx={{ flex: 1 }}>{label}</Typography>
          <IconButton
            size="small"
            aria-label={t("options.edit", { name: label })}
            onClick={() => setEditing(true)}
          >
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Box>
      )}
      {open && (
        <Box sx={{ pl: 4 }}>
          <QueueOptionsTree queueId={queueId} parentId={option.id} />
        </Box>
      )}
    </Box>
  );
}

/** The options tree of a saved queue (admin-operator §2.7): children load when a node opens. */
export function QueueOptionsTree({
  queueId,
  parentId = null,
}: {
  queueId: number;
  parentId?: number | null;
}) {
  const { t } = useTranslation("queues");
  const [adding, setAdding] = useState(false);
  const query = useQuery({
    queryKey: queueOptionsKeys.list(queueId, parentId),
    queryFn: ({ signal }) => queueOptionsApi.list(queueId, parentId, signal),
  });
  return (
    <Stack spacing={1} sx={{ mt: parentId === null ? 0 : 1 }}>
      {parentId === null && (
        <Typography variant="subtitle2" color="primary">
          {t("options.heading")}
        </Typography>
      )}
      {(query.data ?? []).map((option) => (
        <QueueOptionNode key={option.id} queueId={queueId} option={option} />
      ))}
      {adding && (
        <QueueOptionForm queueId={queueId} parentId={parentId} onDone={() => setAdding(false)} />
      )}
      {!adding && (
        <Box>
          <Button size="small" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {t("options.add")}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
