import { useState, type InputHTMLAttributes } from "react";
import { get, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { validationText } from "../../../app/validation";
import css from "./auth.module.css";

interface AuthFieldProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  type?: "text" | "email" | "password";
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  /** Shown under the field while it has no error. */
  hint?: string;
  /** Password fields: the toggle's labels. */
  showLabel?: string;
  hideLabel?: string;
}

/**
 * An outlined text field of the auth screens (label, input, validation message), registered
 * with react-hook-form; a password field gets a show/hide toggle.
 */
export function AuthField<T extends FieldValues>({
  form,
  name,
  label,
  type = "text",
  hint,
  showLabel = "",
  hideLabel = "",
  ...input
}: AuthFieldProps<T> & Pick<InputHTMLAttributes<HTMLInputElement>, "autoComplete">) {
  const [visible, setVisible] = useState(false);
  const message = validationText(
    (get(form.formState.errors, name) as { message?: string } | undefined)?.message,
  );
  const id = `field-${name}`;
  return (
    <div className={message ? `${css.field} ${css.invalid}` : css.field}>
      <div className={css.control}>
        <input
          {...form.register(name)}
          {...input}
          id={id}
          className={css.input}
          type={type === "password" && visible ? "text" : type}
          placeholder=" "
          aria-invalid={Boolean(message)}
          aria-describedby={message || hint ? `${id}-helper` : undefined}
        />
        <label className={css.label} htmlFor={id}>
          {label}
          {input.required && <span aria-hidden="true"> *</span>}
        </label>
        {type === "password" && (
          <button
            type="button"
            className={css.toggle}
            aria-label={visible ? hideLabel : showLabel}
            onClick={() => setVisible((v) => !v)}
          >
            <EyeIcon crossed={visible} />
          </button>
        )}
      </div>
      {message ? (
        <p id={`${id}-helper`} className={css.helper}>
          {message}
        </p>
      ) : (
        hint && (
          <p id={`${id}-helper`} className={`${css.helper} ${css.hint}`}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}

/** An eye (password hidden: click to show), crossed out when the password shows. */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M12 5C6.5 5 2.7 9.1 1.5 12c1.2 2.9 5 7 10.5 7s9.3-4.1 10.5-7C21.3 9.1 17.5 5 12 5zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-2.3a2.2 2.2 0 1 0 0-4.4 2.2 2.2 0 0 0 0 4.4z" />
      {crossed && <line x1="3" y1="3" x2="21" y2="21" stroke="currentColor" strokeWidth="2" />}
    </svg>
  );
}
