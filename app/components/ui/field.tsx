import type { ReactNode } from "react";
import { CharCounter } from "./char-counter";

/** Component classes (tailwind.css): a text field, and the primary, secondary and danger buttons. */
export const inputClass = "input";
export const buttonClass = "button";
export const secondaryButtonClass = "button-secondary";
export const dangerButtonClass = "button-danger";

/** Label, control, counter and message in one column. */
export function Field({
  label,
  htmlFor,
  counter,
  hint,
  error,
  children,
}: {
  label: string;
  htmlFor: string;
  counter?: ReactNode;
  hint?: string;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={htmlFor} className="text-sm font-medium text-zinc-200">
          {label}
        </label>
        {counter}
      </div>
      {children}
      {hint && <p className="text-xs text-zinc-400">{hint}</p>}
      {error && (
        <p role="alert" id={`${htmlFor}-error`} className="text-sm text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A textarea of this many rows; an input when absent. */
  rows?: number;
  maxLength?: number;
  /** Shows "n/max" against this limit (the input's maxLength unless told). */
  counter?: number | boolean;
  hint?: string;
  error?: string | null;
  required?: boolean;
  placeholder?: string;
  autoComplete?: string;
};

/** A labelled text input or textarea, with its counter, hint and error. */
export function TextField({ id, label, value, onChange, rows, maxLength, counter, hint, error, required, placeholder, autoComplete }: TextFieldProps) {
  const max = typeof counter === "number" ? counter : counter ? maxLength : undefined;
  const common = {
    id,
    value,
    maxLength,
    required,
    placeholder,
    autoComplete,
    className: inputClass,
    "aria-invalid": error ? true : undefined,
    "aria-errormessage": error ? `${id}-error` : undefined,
  };
  return (
    <Field label={label} htmlFor={id} hint={hint} error={error} counter={max !== undefined && <CharCounter value={value} max={max} />}>
      {rows ? (
        <textarea {...common} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}

export function Card({ title, children, testId, action }: { title?: string; children: ReactNode; testId?: string; action?: ReactNode }) {
  return (
    <section data-testid={testId} className="rounded-xl border border-zinc-800 bg-zinc-900/60 p-5" aria-label={title}>
      {(title || action) && (
        <div className="mb-3 flex items-center justify-between gap-3">
          {title && <h2 className="font-semibold text-white">{title}</h2>}
          {action}
        </div>
      )}
      {children}
    </section>
  );
}
