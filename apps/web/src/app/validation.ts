import { PHONE_ERROR_MESSAGE } from "@atrium/shared/phone";
import { adminMsg, DASHBOARD_FILTER_REQUIRED, msg } from "@atrium/shared/validation-texts";
import { i18n } from "./i18n";

/**
 * The shared zod schemas carry the spec's validation texts, some English ('Too Short!',
 * 'Required'), some Portuguese ('Obrigatório'); the server answers them in `fields` too. Forms
 * show them in the app's language: each known text has a key of the `validation` namespace.
 */
const KEYS: Record<string, string> = {
  [msg.required]: "required",
  [msg.obrigatorio]: "required",
  [msg.tooShort]: "tooShort",
  [msg.tooLong]: "tooLong",
  [msg.invalidEmail]: "invalidEmail",
  "Mensagem muito curta": "messageTooShort",
  "Invalid color": "invalidColor",
  [adminMsg.invalidTime]: "invalidTime",
  [adminMsg.startBeforeEnd]: "startBeforeEnd",
  [adminMsg.bothTimes]: "bothTimes",
  [adminMsg.sevenDays]: "sevenDays",
  [adminMsg.futureDate]: "futureDate",
  [adminMsg.invalidDate]: "invalidDate",
  "Invalid date": "invalidDate",
  "The start date is after the end date": "startAfterEnd",
  "Digits only": "digitsOnly",
  [adminMsg.invalidNumber]: "invalidNumber",
  [adminMsg.minAboveMax]: "minAboveMax",
  [PHONE_ERROR_MESSAGE]: "invalidPhone",
  // Reasons of a refused import row (contacts, contact lists).
  "Number required": "numberRequired",
  "Number too short": "numberTooShort",
  "Number too long": "numberTooLong",
  "Invalid character": "invalidCharacter",
  "The list is full": "listFull",
  [DASHBOARD_FILTER_REQUIRED]: "filterRequired",
};

/** A validation message in the app's language; an unknown one is shown as it came. */
export function validationText(message: string | undefined): string | undefined {
  if (!message) return message;
  const key = KEYS[message];
  return key ? i18n.t(`validation:${key}`) : message;
}
