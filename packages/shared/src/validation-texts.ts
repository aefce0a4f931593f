/**
 * The spec's validation texts (agent-core §5, admin-operator §5), without zod: the web's
 * translation table imports them from here so the login screen does not load the schemas.
 */
export const msg = {
  required: "Required",
  tooShort: "Too Short!",
  tooLong: "Too Long!",
  invalidEmail: "Invalid email",
  obrigatorio: "Obrigatório",
} as const;

export const adminMsg = {
  invalidTime: "Horário inválido",
  startBeforeEnd: "O horário inicial deve ser menor que o final",
  bothTimes: "Informe início e fim",
  sevenDays: "Informe os sete dias da semana",
  futureDate: "A data de envio deve ser futura",
  invalidDate: "Data inválida",
  minAboveMax: "O intervalo mínimo não pode ser maior que o máximo",
  invalidNumber: "Invalid number",
} as const;

export const DASHBOARD_FILTER_REQUIRED = "Parametrize o filtro";
