import { SEARCH_MIN_CHARS } from "@atrium/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { z } from "zod";
import { ApiError } from "../../../api/ApiError";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { useDebouncedValue } from "../../../hooks/useDebouncedValue";
import { useAuth } from "../../auth/hooks/useAuth";
import { reaches } from "../../contacts/api/contactReach";
import { inboxSession } from "../api/inboxSession";
import { lookupsApi, lookupsKeys, type ContactOption } from "../api/lookupsApi";
import { ticketsApi } from "../api/ticketsApi";
import { upsertTicketInCaches } from "../api/ticketsCache";
import { useQueueOptions } from "./useQueueOptions";

export interface NewTicketValues {
  contact: ContactOption | null;
  queueId: number | "";
  whatsappId: number | "";
}

/** What the typed text prefills in a new contact: a phone-like text is the number. */
export function newContactValues(term: string): { name?: string; number?: string } {
  const text = term.trim();
  return /^\+?[\d\s()-]+$/.test(text) ? { number: text.replace(/\D/g, "") } : { name: text };
}

/** A queue is required unless the user is admin ('Selecione uma fila'). */
export function newTicketSchema(isAdmin: boolean, queueRequired: string) {
  return z
    .object({
      contact: z.custom<ContactOption | null>(),
      queueId: z.union([z.number(), z.literal("")]),
      whatsappId: z.union([z.number(), z.literal("")]),
    })
    .refine((values) => values.contact !== null, { path: ["contact"] })
    .refine((values) => isAdmin || values.queueId !== "", {
      path: ["queueId"],
      message: queueRequired,
    });
}

/**
 * The new ticket dialog (agent-core §2): contact search from 3 characters (debounced), a queue,
 * a CONNECTED connection (the default one preselected); POST /tickets then open it.
 */
export function useNewTicketForm({ search, onClose }: { search: string; onClose(): void }) {
  const { t } = useTranslation("tickets");
  const { isAdmin } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { queues } = useQueueOptions();

  const term = useDebouncedValue(search.trim());
  const searching = term.length >= SEARCH_MIN_CHARS;
  const contacts = useQuery({
    queryKey: lookupsKeys.searchContacts(term),
    queryFn: ({ signal }) => lookupsApi.searchContacts(term, signal),
    enabled: searching,
    staleTime: 0,
  });
  const connectionsQuery = useQuery({
    queryKey: lookupsKeys.connections(),
    queryFn: ({ signal }) => lookupsApi.connections(signal),
  });
  const form = useForm<NewTicketValues>({
    resolver: zodResolver(newTicketSchema(isAdmin, t("newTicket.queueRequired"))),
    defaultValues: { contact: null, queueId: "", whatsappId: "" },
  });
  const { setValue, getValues } = form;
  const contact = useWatch({ control: form.control, name: "contact" });
  // Only connections that can deliver to the chosen contact (a web chat reaches its own
  // visitors only): the agent never starts a conversation that goes nowhere.
  const connections = useMemo(
    () =>
      (connectionsQuery.data ?? []).filter(
        (c) => c.status === "CONNECTED" && (!contact || reaches(c, contact)),
      ),
    [connectionsQuery.data, contact],
  );
  useEffect(() => {
    const chosen = getValues("whatsappId");
    if (connections.some((c) => c.id === chosen)) return;
    const preferred = connections.find((c) => c.isDefault) ?? connections[0];
    setValue("whatsappId", preferred?.id ?? "");
  }, [connections, getValues, setValue]);

  const create = useMutation({
    mutationFn: (values: NewTicketValues) =>
      ticketsApi.create({
        contactId: values.contact!.id,
        queueId: values.queueId === "" ? null : values.queueId,
        whatsappId: values.whatsappId === "" ? null : values.whatsappId,
      }),
    onSuccess: (ticket) => {
      upsertTicketInCaches(queryClient, ticket, inboxSession.viewer());
      onClose();
      void navigate(`/tickets/${ticket.uuid}`);
    },
    onError: (err) => {
      // Translated, naming who holds the contact's open ticket (the server gives the name).
      if (err instanceof ApiError && err.code === "ERR_OTHER_OPEN_TICKET" && err.fields) {
        const user = err.fields.user;
        toast.error(
          user
            ? t("newTicket.otherOpenTicketWith", { user })
            : t("newTicket.otherOpenTicketPending"),
        );
      } else toastError(err);
    },
  });

  return {
    form,
    onSubmit: form.handleSubmit((values) => create.mutateAsync(values).catch(() => undefined)),
    isAdmin,
    queues,
    connections,
    contactOptions: searching ? (contacts.data ?? []) : [],
    searchingContacts: searching && contacts.isFetching,
    searchDone: searching && term === search.trim() && contacts.isSuccess && !contacts.isFetching,
    saving: create.isPending,
    canSubmit: contact !== null && connections.length > 0 && !create.isPending,
    unreachable: contact !== null && connectionsQuery.isSuccess && connections.length === 0,
  };
}
