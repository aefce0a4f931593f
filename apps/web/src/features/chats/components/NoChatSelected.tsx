import QuestionAnswerOutlinedIcon from "@mui/icons-material/QuestionAnswerOutlined";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";

/** The conversation side with no chat open. */
export function NoChatSelected({ onShowList }: { onShowList?(): void }) {
  const { t } = useTranslation("chats");
  return (
    <Paper
      variant="outlined"
      sx={{
        height: "100%",
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        gap: 2,
        p: 3,
        textAlign: "center",
        color: "text.secondary",
      }}
    >
      <QuestionAnswerOutlinedIcon sx={{ fontSize: 64 }} color="disabled" />
      <Typography>{t("select")}</Typography>
      {onShowList && (
        <Button variant="contained" onClick={onShowList}>
          {t("selectAction")}
        </Button>
      )}
    </Paper>
  );
}
