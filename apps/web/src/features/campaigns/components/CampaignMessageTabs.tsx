import Box from "@mui/material/Box";
import FormHelperText from "@mui/material/FormHelperText";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { validationText } from "../../../app/validation";
import { textFieldProps } from "../../../components/form/textFieldProps";
import type { CampaignFormValues } from "../lib/campaignRules";

interface Props {
  form: UseFormReturn<CampaignFormValues>;
  name: "messages" | "confirmationMessages";
  /** 'Mensagem' or 'Mensagens de confirmação' (the tab group's label). */
  label: string;
  /** Key of the tab text, given {n}: 'Mensagem {n}', 'Mensagem de confirmação {n}'. */
  tabKey: string;
}

/** Up to CAMPAIGN_MESSAGES_MAX variants, one tab each; the empty ones are not sent. */
export function CampaignMessageTabs({ form, name, label, tabKey }: Props) {
  const { t } = useTranslation("campaigns");
  const [tab, setTab] = useState(0);
  const count = form.getValues(name).length;
  // Registered as messages.0…4, the list's own error is its `root` (react-hook-form).
  const listError = form.formState.errors[name];
  const error = validationText(listError?.root?.message ?? listError?.message);
  return (
    <Box>
      <Typography variant="subtitle2">{label}</Typography>
      <Tabs
        value={tab}
        onChange={(_event, value: number) => setTab(value)}
        variant="scrollable"
        aria-label={label}
      >
        {Array.from({ length: count }, (_, index) => (
          <Tab key={index} value={index} label={t(tabKey, { n: index + 1 })} />
        ))}
      </Tabs>
      <TextField
        key={`${name}-${tab}`}
        label={t(tabKey, { n: tab + 1 })}
        multiline
        minRows={4}
        fullWidth
        sx={{ mt: 1 }}
        {...textFieldProps(form, `${name}.${tab}`)}
      />
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
