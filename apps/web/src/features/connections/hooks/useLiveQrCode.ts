import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { connectionsApi, connectionsKeys, type ConnectionDTO } from "../api/connectionsApi";
import { upsertConnection } from "../api/connectionsCache";

/**
 * The QR code of an open QR dialog: read once with GET /whatsapp/{id} (agent-core §7), then kept
 * current by the session events in the list cache. Once a code was shown, an update that
 * empties it means the phone scanned it: `onScanned` closes the dialog.
 */
export function useLiveQrCode(
  connection: ConnectionDTO | undefined,
  onScanned: () => void,
): string | null {
  const queryClient = useQueryClient();
  const id = connection?.id;
  const qrcode = connection?.qrcode || null;
  const shown = useRef(false);
  const scanned = useRef(onScanned);
  scanned.current = onScanned;

  useEffect(() => {
    shown.current = false;
    if (id === undefined) return;
    const controller = new AbortController();
    connectionsApi.getSession(id, controller.signal).then(
      (fresh) => {
        // A live update newer than this answer wins.
        const cached = queryClient
          .getQueryData<ConnectionDTO[]>(connectionsKeys.list())
          ?.find((c) => c.id === fresh.id);
        if (!cached || cached.updatedAt <= fresh.updatedAt) upsertConnection(queryClient, fresh);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [id, queryClient]);

  useEffect(() => {
    if (id === undefined) return;
    if (qrcode) shown.current = true;
    else if (shown.current) {
      shown.current = false;
      scanned.current();
    }
  }, [id, qrcode]);

  return qrcode;
}
