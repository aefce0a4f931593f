/** What the server sends the visitor (apps/server/src/channels/webchat/webchat.adapter.ts). */
export interface VisitorMessage {
  id: number;
  author: "visitor" | "agent";
  body: string;
  mediaType: string;
  mediaUrl: string | null;
  fileName: string | null;
  isDeleted: boolean;
  createdAt: string;
}

export interface WidgetConfig {
  name: string;
  title: string;
  color: string;
  online: boolean;
}
