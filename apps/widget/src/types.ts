/** What the server sends the visitor (apps/server/src/channels/webchat/webchat.adapter.ts). */
export interface VisitorMessage {
  id: number;
  author: "visitor" | "agent";
  body: string;
  mediaType: string;
  mediaUrl: string | null;
  /** The file's type as the server detected it from its bytes; null when not (yet) known. */
  mimeType: string | null;
  /** The server's verdict: the file is an inert image/audio/video shown inline. */
  mediaInline: boolean;
  fileName: string | null;
  isDeleted: boolean;
  createdAt: string;
  /** On the live echo of the visitor's own message: the clientId it was sent under. */
  clientId?: string;
}

export interface WidgetConfig {
  name: string;
  title: string;
  color: string;
  online: boolean;
  /** The company's language setting: pt-BR, es-ES or en-EN. */
  language?: string;
}
