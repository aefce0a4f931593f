import Typography from "@mui/material/Typography";
import { format, isValid, parseISO } from "date-fns";
import type { ReactNode } from "react";

/** A date as dd/MM/yyyy; null when it is missing or unreadable. */
export function day(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? format(date, "dd/MM/yyyy") : null;
}

/** A line and, when given, a secondary caption below it; data-* attributes go on the first. */
export function TwoLines({
  first,
  second,
  ...data
}: { first: ReactNode; second?: ReactNode } & { [key: `data-${string}`]: string }) {
  return (
    <>
      <Typography variant="body2" noWrap {...data}>
        {first || "-"}
      </Typography>
      {second && (
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {second}
        </Typography>
      )}
    </>
  );
}
