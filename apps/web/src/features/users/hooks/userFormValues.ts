import type { Profile, UserDTO } from "@atrium/shared";
import type { UserPayload } from "../api/usersApi";

/** What the user modal edits. selectedCompanyId null = 'Nenhuma' (no support access). */
export interface UserFormValues {
  name: string;
  email: string;
  password: string;
  profile: Profile;
  queueIds: number[];
  allowFinishTicketWithoutMessage: boolean;
  allowChangeSignature: boolean;
  selectedCompanyId: number | null;
  selectedCompanyQueueIds: number[];
}

/** Defaults of admin-operator §5: profile user, finish without message off, signature on. */
export const EMPTY_USER_FORM: UserFormValues = {
  name: "",
  email: "",
  password: "",
  profile: "user",
  queueIds: [],
  allowFinishTicketWithoutMessage: false,
  allowChangeSignature: true,
  selectedCompanyId: null,
  selectedCompanyQueueIds: [],
};

export function userToFormValues(user: UserDTO): UserFormValues {
  return {
    name: user.name,
    email: user.email,
    password: "",
    profile: user.profile,
    queueIds: user.queueIds ?? user.queues.map((q) => q.id),
    allowFinishTicketWithoutMessage: user.allowFinishTicketWithoutMessage,
    allowChangeSignature: user.allowChangeSignature,
    selectedCompanyId: user.selectedCompanyId,
    selectedCompanyQueueIds: (user.selectedCompanyQueues ?? []).map((q) => q.id),
  };
}

export interface UserFormAbilities {
  editProfile: boolean;
  editQueues: boolean;
  supportAccess: boolean;
}

/** Only what the current user may change is sent; an empty password on edit = unchanged. */
export function formValuesToPayload(
  values: UserFormValues,
  abilities: UserFormAbilities,
): UserPayload {
  const payload: UserPayload = {
    name: values.name,
    email: values.email,
    password: values.password,
  };
  if (abilities.editProfile) {
    payload.profile = values.profile;
    payload.allowFinishTicketWithoutMessage = values.allowFinishTicketWithoutMessage;
    payload.allowChangeSignature = values.allowChangeSignature;
  }
  if (abilities.editQueues) payload.queueIds = values.queueIds;
  if (abilities.supportAccess) {
    payload.selectedCompanyId = values.selectedCompanyId ?? null;
    payload.selectedCompanyQueueIds = values.selectedCompanyId
      ? values.selectedCompanyQueueIds
      : [];
  }
  return payload;
}
