import type { MessageType } from "@atrium/shared";
import { api } from "../../../api/client";

/** A composer shortcut as GET /quick-messages/list answers it. */
export interface QuickMessageDTO {
  id: number;
  shortcode: string;
  message: string;
  messageType: MessageType;
  mediaUrl: string | null;
  fileName: string | null;
}

export const quickMessagesApi = {
  list: (signal?: AbortSignal) => api.get<QuickMessageDTO[]>("/quick-messages/list", { signal }),
};

export const quickMessagesKeys = {
  all: ["quickMessages"] as const,
  list: () => [...quickMessagesKeys.all, "list"] as const,
};
