import { useFetcher } from "react-router";
import { useEffect, useRef } from "react";
import { toast } from "~/lib/toast";
import { MESSAGES } from "~/spec/messages";
import { localizeResetMessage } from "~/lib/local-time";

/** The error part of every failed /api answer (decision 013). */
export type ApiError = { code: string; message: string; fields?: Record<string, string>; [detail: string]: unknown };

export const isApiError = (data: unknown): data is { error: ApiError } =>
  !!data && typeof data === "object" && "error" in data && !!(data as { error: unknown }).error && typeof (data as { error: unknown }).error === "object";

/** An error as the person reads it: a reset time the server wrote in UTC, in their own time zone. */
export const localized = (error: ApiError): ApiError => ({ ...error, message: localizeResetMessage(error.message, error.resetAt) });

/** What a toast says of a failed call: nothing of a server failure (the feature's own words fit better, spec section 8). */
export const toastText = (error: ApiError) => (error.code === "server_error" ? null : error.message);

type Method = "POST" | "PUT" | "PATCH" | "DELETE";
type Options<T> = {
  onSuccess?: (data: T) => void;
  /** The success toast, when the call's success is worth saying. */
  success?: { title: string; description?: string; action?: { label: string; onSelect: () => void } };
  /** Return false to show the error yourself (an inline form message) instead of the toast. */
  onError?: (error: ApiError) => void | false;
  /** The toast's title and the words used when the server sent none (the spec's error catalogue). */
  errorTitle?: string;
  fallback?: string;
  /** How long the toasts stay, in ms. */
  duration?: number;
  /**
   * False when the answer itself is all the page needs (a vote's counts): the page's loaders are not
   * run again after it (React Router's `defaultShouldRevalidate`), so nothing is read twice, and two
   * such calls at once do not cut each other's reload short.
   */
  revalidate?: boolean;
};

/**
 * A call to the JSON API through a React Router fetcher: its busy state, its answer, and the one error toast.
 * After a mutation React Router reloads the page's data by itself (unless `revalidate: false`), so nothing here revalidates by hand.
 */
export function useApi<T = unknown>(options: Options<T> = {}) {
  const fetcher = useFetcher<T | { error: ApiError }>();
  const waiting = useRef(false);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    if (fetcher.state !== "idle" || !waiting.current) return;
    waiting.current = false;
    const { onSuccess, success, onError, errorTitle, fallback, duration } = latest.current;
    const data = fetcher.data;
    if (!isApiError(data)) {
      if (success) toast({ ...success, variant: "success", duration });
      // Not returned: an effect's return value is its cleanup, and a handler may return anything (a toast's handle).
      onSuccess?.(data as T);
      return;
    }
    const error = localized(data.error);
    if (onError?.(error) === false) return;
    const said = toastText(error);
    toast({
      title: errorTitle ?? MESSAGES.generic.errorTitle,
      description: said || fallback || MESSAGES.generic.somethingWentWrong,
      variant: "destructive",
      duration,
    });
  }, [fetcher.state, fetcher.data]);

  return {
    busy: fetcher.state !== "idle",
    data: fetcher.data,
    submit(action: string, method: Method, body: Record<string, unknown> | FormData = {}) {
      waiting.current = true;
      const revalidation = latest.current.revalidate === false ? { defaultShouldRevalidate: false } : {};
      if (body instanceof FormData) void fetcher.submit(body, { action, method, encType: "multipart/form-data", ...revalidation });
      else void fetcher.submit(body as never, { action, method, encType: "application/json", ...revalidation });
    },
    load(href: string) {
      waiting.current = true;
      void fetcher.load(href);
    },
  };
}
