import { TOAST_AUTO_CLOSE_MS } from "@atrium/shared";
import Alert from "@mui/material/Alert";
import Snackbar from "@mui/material/Snackbar";
import { useSyncExternalStore } from "react";
import { toastStore } from "./toastStore";

/** Shows queued toasts one at a time, each closing after TOAST_AUTO_CLOSE_MS. */
export function Toaster() {
  const queue = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot);
  const current = queue[0];
  if (!current) return null;
  const close = () => toastStore.dismiss(current.id);
  return (
    <Snackbar
      key={current.id}
      open
      autoHideDuration={TOAST_AUTO_CLOSE_MS}
      onClose={(_event, reason) => {
        if (reason !== "clickaway") close();
      }}
      anchorOrigin={{ vertical: "top", horizontal: "right" }}
    >
      <Alert onClose={close} severity={current.severity} variant="filled" sx={{ width: "100%" }}>
        {current.message}
      </Alert>
    </Snackbar>
  );
}
