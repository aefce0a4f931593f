import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

/** A screen's title on the left, its actions (search, add …) on the right. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box
      sx={{
        display: "flex",
        flexWrap: "wrap",
        alignItems: "center",
        justifyContent: "space-between",
        gap: 2,
        mb: 2,
      }}
    >
      <Typography variant="h5" component="h1" color="primary" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children && (
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center" }}>
          {children}
        </Box>
      )}
    </Box>
  );
}
