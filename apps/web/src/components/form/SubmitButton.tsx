import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import type { ReactNode } from "react";

interface SubmitButtonProps {
  /** The form is being sent: the button is disabled and shows a spinner. */
  saving: boolean;
  /** Disabled for another reason too (saving always disables). */
  disabled?: boolean;
  children: ReactNode;
}

/** The primary submit button of every form and dialog. */
export function SubmitButton({ saving, disabled = false, children }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={saving || disabled}
      startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
    >
      {children}
    </Button>
  );
}
