import { createParser } from "eventsource-parser";
import { useCallback, useRef, useState } from "react";
import { api, jsonHeaders } from "~/lib/http/api-client";
import { toast } from "~/lib/toast";
import type { ChatMessage } from "~/models/chat-tree";
import { MESSAGES } from "~/spec/messages";
import { readSamplerSettings } from "./sampler-settings";

type Streaming = { messageId: string; text: string; label: string | null };
export type ChatState = ReturnType<typeof useChat>;

/** The tester's own system prompt for a character, kept in this browser (spec section 3). */
export const customPromptKey = (characterId: string) => `customSystemPrompt:${characterId}`;

/**
 * The chat on screen and every action on it. Replies stream over fetch + SSE; the server stores
 * everything, so after each stream the branch is reloaded from it.
 */
export function useChat(characterId: string, initial: ChatMessage[], options: { isTester: boolean; onAllowanceSpent?: () => void; onAllowanceEmpty?: (resetAt: string | null) => void }) {
  const [messages, setMessages] = useState(initial);
  const [streaming, setStreaming] = useState<Streaming | null>(null);
  const [busy, setBusy] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  const base = `/api/chats/${characterId}`;

  const refresh = useCallback(async () => {
    const result = await api<{ messages: ChatMessage[] }>(base);
    if (result.ok) setMessages(result.data.messages);
  }, [base]);

  /** Runs one streamed generation; `onStart` places the new messages once the server names them. */
  async function stream(path: string, body: Record<string, unknown>, onStart: (ids: { userMessageId: string | null; messageId: string }) => void, keepText = "") {
    const controller = new AbortController();
    abortRef.current = controller;
    setBusy(true);
    const generation = { ...readSamplerSettings(), ...(options.isTester ? { systemPrompt: localStorage.getItem(customPromptKey(characterId)) } : {}) };
    let failed: string | null = null;
    let aborted = false;
    try {
      const response = await fetch(path, { method: "POST", headers: jsonHeaders(), body: JSON.stringify({ ...generation, ...body }), signal: controller.signal });
      if (!response.ok || !response.body) {
        const json = (await response.json().catch(() => ({}))) as { error?: string; resetAt?: string };
        if (response.status === 429) options.onAllowanceEmpty?.(json.resetAt ?? null);
        return { ok: false as const, error: json.error || MESSAGES.generic.somethingWentWrong };
      }
      let current: Streaming | null = null;
      const parser = createParser({
        onEvent(event) {
          const data = JSON.parse(event.data);
          if (event.event === "start") {
            current = { messageId: data.messageId, text: keepText, label: data.label };
            onStart(data);
            setStreaming(current);
          } else if (event.event === "token" && current) {
            current = { ...current, text: current.text + data.text };
            setStreaming(current);
          } else if (event.event === "error") {
            failed = data.error;
          }
        },
      });
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
      if (!failed) options.onAllowanceSpent?.();
      return { ok: true as const };
    } catch (error) {
      if ((error as Error).name === "AbortError") {
        aborted = true;
        return { ok: true as const };
      }
      failed = "The connection dropped. Your message is saved; reload or press Retry.";
      return { ok: false as const, error: failed };
    } finally {
      abortRef.current = null;
      // After Stop, stop() reloads the branch once the server has saved what was shown.
      if (!aborted) await refresh();
      setStreaming(null);
      setBusy(false);
      if (failed) toast({ title: MESSAGES.generic.errorTitle, description: failed, variant: "destructive" });
    }
  }

  const placeholder = (id: string, parentId: string | null): ChatMessage => ({ id, parentId, role: "character", content: "", status: "streaming", error: null, model: null, index: 1, count: 1, siblingIds: [id] });

  /** Sends a message after `parentId` (the last message by default; an earlier one starts a branch). */
  async function send(content: string, parentId?: string | null) {
    const cut = parentId === undefined ? messages.length : messages.findIndex((m) => m.id === parentId) + 1;
    return stream(`${base}/messages`, { content, ...(parentId !== undefined ? { parentId } : {}) }, ({ userMessageId, messageId }) => {
      const userMessage: ChatMessage = { id: userMessageId!, parentId: parentId ?? messages.at(-1)?.id ?? null, role: "user", content, status: "complete", error: null, model: null, index: 1, count: 1, siblingIds: [userMessageId!] };
      setMessages((list) => [...list.slice(0, cut), userMessage, placeholder(messageId, userMessageId)]);
    });
  }

  async function regenerate(message: ChatMessage) {
    return stream(`${base}/messages/${message.id}/regenerate`, {}, ({ messageId }) => {
      setMessages((list) => [...list.slice(0, list.findIndex((m) => m.id === message.id)), placeholder(messageId, message.parentId)]);
    });
  }

  async function continueMessage(message: ChatMessage) {
    return stream(`${base}/messages/${message.id}/continue`, {}, () => undefined, `${message.content} `);
  }

  /** Stop: the reply keeps what is on screen. */
  async function stop() {
    const current = streaming;
    abortRef.current?.abort();
    if (current) {
      const result = await api<{ stopped: boolean }>(`${base}/messages/${current.messageId}/stop`, { method: "POST", body: { content: current.text } });
      if (result.ok && result.data.stopped) options.onAllowanceSpent?.();
    }
    await refresh();
  }

  async function showBranch(messageId: string) {
    const result = await api<{ messages: ChatMessage[] }>(`${base}/leaf`, { method: "PUT", body: { messageId } });
    if (result.ok) setMessages(result.data.messages);
    else toast({ title: MESSAGES.generic.errorTitle, description: result.error || MESSAGES.generic.somethingWentWrong, variant: "destructive" });
  }

  async function editCharacterMessage(message: ChatMessage, content: string) {
    const result = await api<{ messages: ChatMessage[] }>(`${base}/messages/${message.id}`, { method: "PUT", body: { content } });
    if (result.ok) setMessages(result.data.messages);
    return result;
  }

  async function remove(message: ChatMessage) {
    const result = await api<{ messages: ChatMessage[] }>(`${base}/messages/${message.id}`, { method: "DELETE" });
    if (result.ok) setMessages(result.data.messages);
    else toast({ title: MESSAGES.generic.errorTitle, description: result.error || MESSAGES.generic.somethingWentWrong, variant: "destructive" });
  }

  return { messages, streaming, busy, send, regenerate, continueMessage, stop, showBranch, editCharacterMessage, remove, refresh };
}
