import { STORAGE_KEYS } from "@atrium/shared";
import { useCallback, useState } from "react";
import { useAuth } from "../../auth/hooks/useAuth";
import { signatureState } from "../lib/messageRules";

/** The signature switch, kept in localStorage 'signOption' (default on); forced on when the
 * user may not change it. */
export function useSignature() {
  const { user } = useAuth();
  const allow = user?.allowChangeSignature ?? true;
  const [stored, setStored] = useState(() => localStorage.getItem(STORAGE_KEYS.signOption));
  const { signed, canToggle } = signatureState(allow, stored);
  const setSigned = useCallback((on: boolean) => {
    localStorage.setItem(STORAGE_KEYS.signOption, String(on));
    setStored(String(on));
  }, []);
  return { signed, canToggle, setSigned, userName: user?.name ?? "" };
}
