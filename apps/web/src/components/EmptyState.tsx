import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

export function EmptyState({ icon, message }: { icon?: ReactNode; message: string }) {
  return (
    <Box
      sx={{
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        gap: 1,
        py: 6,
        color: "text.secondary",
      }}
    >
      {icon}
      <Typography>{message}</Typography>
    </Box>
  );
}
