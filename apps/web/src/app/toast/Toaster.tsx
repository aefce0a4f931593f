import { TOAST_AUTO_CLOSE_MS } from "@atrium/shared";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Snackbar from "@mui/material/Snackbar";
import { useSyncExternalStore } from "react";
import { MuiTheme } from "../MuiTheme";
import { toastStore, type Toast } from "./toastStore";

/** Vertical room per stacked toast, below the top bar. */
const STACK_STEP_PX = 60;

function ToastItem({ toast, position }: { toast: Toast; position: number }) {
  const close = () => toastStore.dismiss(toast.id);
  return (
    <Snackbar
      open
      autoHideDuration={TOAST_AUTO_CLOSE_MS}
      onClose={(_event, reason) => {
        if (reason !== "clickaway") close();
      }}
      anchorOrigin={{ vertical: "top", horizontal: "right" }}
      sx={{ top: { xs: 64 + position * STACK_STEP_PX, sm: 72 + position * STACK_STEP_PX } }}
    >
      <Alert
        onClose={close}
        severity={toast.severity}
        variant="filled"
        sx={{ width: "100%", alignItems: "center" }}
        action={
          toast.action && (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                close();
                toast.action!.run();
              }}
            >
              {toast.action.label}
            </Button>
          )
        }
      >
        {toast.message}
      </Alert>
    </Snackbar>
  );
}

/** The toasts, stacked at the top right, each closing after TOAST_AUTO_CLOSE_MS. */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot);
  return toasts.map((toast, position) => (
    <ToastItem key={toast.id} toast={toast} position={position} />
  ));
}

/** The toasts under the app's theme: loaded with the first toast (AppProviders). */
export function ThemedToaster() {
  return (
    <MuiTheme>
      <Toaster />
    </MuiTheme>
  );
}
