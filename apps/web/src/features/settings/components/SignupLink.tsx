import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { useAuth } from "../../auth/hooks/useAuth";
import { copyText } from "../../connections/api/widgetSnippet";

/**
 * With 'Criação de usuário' on, the link the admin sends the team: /signup with the company's
 * id (agent-core §2: the signup screen takes the company from ?companyId=).
 */
export function SignupLink() {
  const { t } = useTranslation("settings");
  const { user } = useAuth();
  if (!user) return null;
  const link = `${window.location.origin}/signup?companyId=${user.companyId}`;
  const copy = () =>
    copyText(link).then(() => toast.success(t("options.userCreation.copied")), toastError);
  return (
    <Alert
      severity="info"
      sx={{ alignItems: "center" }}
      action={
        <Button
          color="inherit"
          size="small"
          startIcon={<ContentCopyIcon />}
          onClick={() => void copy()}
        >
          {t("options.userCreation.copy")}
        </Button>
      }
    >
      {t("options.userCreation.signupLink")}{" "}
      <Box component="code" sx={{ wordBreak: "break-all" }} data-testid="signup-link">
        {link}
      </Box>
      <br />
      {t("options.userCreation.signupLinkHint")}
    </Alert>
  );
}
