import { QR_CODE_PX } from "@atrium/shared";
import { QRCodeSVG } from "qrcode.react";

/** The QR code drawing, in its own chunk: only loaded when a QR dialog opens. */
export function QrCodeImage({ value, title }: { value: string; title: string }) {
  return <QRCodeSVG value={value} size={QR_CODE_PX} title={title} marginSize={2} />;
}
