import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { FormEventHandler, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Logo } from "../../../components/Logo";

interface AuthCardProps {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  footer: ReactNode;
}

/** The frame of the login and signup screens: logo, title, form, link to the other screen. */
export function AuthCard({ title, onSubmit, children, footer }: AuthCardProps) {
  const { t } = useTranslation("common");
  return (
    <Box
      component="main"
      sx={{
        minHeight: "100vh",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        bgcolor: "background.default",
        p: 2,
      }}
    >
      <Paper elevation={3} sx={{ width: "100%", maxWidth: 400, p: 4 }}>
        <Box sx={{ display: "flex", justifyContent: "center", mb: 2 }}>
          <Logo title={t("appName")} />
        </Box>
        <Typography component="h1" variant="h6" align="center" sx={{ mb: 2 }}>
          {title}
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          sx={{ display: "flex", flexDirection: "column", gap: 2 }}
        >
          {children}
        </Box>
        <Box sx={{ mt: 2, textAlign: "center" }}>{footer}</Box>
      </Paper>
    </Box>
  );
}
