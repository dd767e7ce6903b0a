/**
 * A voice call with the chat on screen (issue 63, decision 090). The person speaks; at the end of
 * their turn what they said is heard (by the speech-to-text server, or the browser's own recognition)
 * and sent as their message, exactly as if typed. The reply is spoken sentence by sentence while it is
 * written. Speaking over the character stops its voice at once, stops the reply, and the reply keeps
 * what was heard, marked interrupted. The call's minutes are the server's to count.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { csrfHeaders, jsonHeaders } from "~/lib/browser/api-client";
import { SentenceStream } from "~/lib/chat/spoken-sentences";
import { localizeResetMessage } from "~/lib/local-time";
import { CALL_MESSAGES } from "~/spec/calls";
import { openEar, type Ear } from "./microphone";
import { Speaker } from "./speaker";
import { encodeWav } from "./wav";

export type CallPhase = "connecting" | "listening" | "hearing" | "thinking" | "speaking" | "ended";

/** What the call needs of the chat on screen (components/chat/use-chat.ts). */
export type CallChat = {
  send: (content: string) => Promise<{ ok: boolean; error?: string }>;
  /** The reply being written by this page, as far as it has come. */
  streaming: { messageId: string; text: string; speakerId?: string } | null;
  /** A message's text now (a reply's finished text, once written). */
  textOf: (messageId: string) => string | null;
  interrupt: (messageId: string, heard: string) => void;
};

type Started = { callId: string; secondsLeft: number; resetAt: string; hearing: "server" | "browser"; speaking: "server" | "browser"; dialogueOnly: boolean };
type Problem = { error?: { message?: string; resetAt?: string } } | null;

/** What a refused call said, with the time minutes come back in the person's own time. */
const message = async (answer: Response, fallback: string) => {
  const problem = ((await answer.json().catch(() => null)) as Problem)?.error;
  return (problem?.message && localizeResetMessage(problem.message, problem.resetAt)) || fallback;
};

type Recognition = {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  onspeechstart: (() => void) | null;
  onresult: ((event: { results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }>; resultIndex: number }) => void) | null;
  onend: (() => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  start: () => void;
  stop: () => void;
};
const browserRecognition = () =>
  typeof window === "undefined"
    ? null
    : ((window as unknown as { SpeechRecognition?: new () => Recognition; webkitSpeechRecognition?: new () => Recognition }).SpeechRecognition ??
      (window as unknown as { webkitSpeechRecognition?: new () => Recognition }).webkitSpeechRecognition ??
      null);

export function useCall(options: {
  target: { characterId: string } | { groupId: string };
  chat: CallChat;
  /** The browser voice, when no speech server speaks (the one picked for this character on this device; in a group, the member's). */
  browserVoice: (speakerId?: string) => { lang: string; voice: SpeechSynthesisVoice | null };
}) {
  const [phase, setPhase] = useState<CallPhase>("connecting");
  const [problem, setProblem] = useState<string | null>(null);
  const [heard, setHeard] = useState("");
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const [muted, setMuted] = useState(false);
  const mutedNow = useRef(false);
  const [speaking, setSpeaking] = useState(false);
  const call = useRef<Started | null>(null);
  const ear = useRef<Ear | null>(null);
  const recognition = useRef<Recognition | null>(null);
  const speaker = useRef<Speaker | null>(null);
  const reply = useRef<{ id: string; text: string; sentences: SentenceStream; finished: boolean; speakerId?: string } | null>(null);
  const silenced = useRef(new Set<string>());
  const chat = useRef(options.chat);
  chat.current = options.chat;
  const ended = useRef(false);

  const hangUp = useCallback((why: string | null = null) => {
    if (ended.current) return;
    ended.current = true;
    ear.current?.stop();
    recognition.current?.stop();
    speaker.current?.stop();
    const id = call.current?.callId;
    if (id) void fetch(`/api/calls/${id}`, { method: "DELETE", headers: jsonHeaders(), keepalive: true }).catch(() => undefined);
    if (why) setProblem(why);
    setPhase("ended");
  }, []);

  /** The person spoke over the character: its voice stops now, the reply stops, and keeps what was heard. */
  const bargeIn = useCallback(() => {
    const current = reply.current;
    const talking = speaker.current?.busy;
    if (!current || (current.finished && !talking)) return;
    speaker.current?.stop();
    silenced.current.add(current.id);
    const text = chat.current.streaming?.messageId === current.id ? chat.current.streaming.text : (chat.current.textOf(current.id) ?? current.text);
    chat.current.interrupt(current.id, text.slice(0, speaker.current?.heard ?? 0));
    reply.current = null;
  }, []);

  /** A turn's words: sent as the person's message. */
  const said = useCallback(async (text: string) => {
    const words = text.trim();
    if (!words || ended.current) return setPhase((p) => (p === "hearing" ? "listening" : p));
    setHeard(words);
    setPhase("thinking");
    const sent = await chat.current.send(words);
    if (!sent.ok) setProblem(sent.error ?? CALL_MESSAGES.hearingFailed);
    setPhase((p) => (p === "thinking" ? "listening" : p));
  }, []);

  /** A turn's audio, heard by the server. */
  const hearTurn = useCallback(
    async (samples: Float32Array, rate: number) => {
      const id = call.current?.callId;
      if (!id || ended.current || samples.length < rate / 4) return;
      setPhase("hearing");
      const form = new FormData();
      form.append("audio", new Blob([encodeWav(samples, rate)], { type: "audio/wav" }), "turn.wav");
      try {
        const answer = await fetch(`/api/calls/${id}/hear`, { method: "POST", headers: csrfHeaders(), body: form });
        if (answer.status === 429 || answer.status === 409) return hangUp(await message(answer, CALL_MESSAGES.ended));
        if (!answer.ok) {
          setProblem(await message(answer, CALL_MESSAGES.hearingFailed));
          return setPhase("listening");
        }
        const { text, secondsLeft: left } = (await answer.json()) as { text: string; secondsLeft: number };
        setSecondsLeft(left);
        setProblem(null);
        await said(text);
      } catch {
        setProblem(CALL_MESSAGES.hearingFailed);
        setPhase("listening");
      }
    },
    [hangUp, said],
  );

  // The call: opened on the server, then the voice and the ear.
  useEffect(() => {
    void (async () => {
      const answer = await fetch("/api/calls", { method: "POST", headers: jsonHeaders(), body: JSON.stringify(options.target) }).catch(() => null);
      if (ended.current) return;
      if (!answer?.ok) return hangUp(answer ? await message(answer, CALL_MESSAGES.ended) : CALL_MESSAGES.ended);
      const started = (await answer.json()) as Started;
      call.current = started;
      setSecondsLeft(started.secondsLeft);
      speaker.current = new Speaker(
        started.speaking === "server" ? { kind: "server", callId: started.callId } : { kind: "browser", voiceFor: options.browserVoice },
        {
          onBusy: setSpeaking,
          onRefused: (status, text) => {
            if (status === 429 || status === 409) hangUp(text || CALL_MESSAGES.ended);
          },
        },
      );
      if (started.hearing === "browser") {
        const Recognition = browserRecognition();
        if (!Recognition) return hangUp(CALL_MESSAGES.noRecognition);
        const listener = new Recognition();
        listener.continuous = true;
        listener.interimResults = false;
        listener.lang = navigator.language || "en-US";
        listener.onspeechstart = bargeIn;
        listener.onresult = (event) => {
          const result = event.results[event.resultIndex];
          if (result?.isFinal) void said(result[0].transcript);
        };
        listener.onerror = (event) => {
          if (event.error === "not-allowed" || event.error === "service-not-allowed") hangUp(CALL_MESSAGES.noMicrophone);
        };
        // Recognition stops by itself after a while: the call keeps it listening.
        listener.onend = () => {
          if (!ended.current && !mutedNow.current) listener.start();
        };
        recognition.current = listener;
        listener.start();
      } else {
        try {
          ear.current = await openEar({ onSpeechStart: bargeIn, onTurn: (samples, rate) => void hearTurn(samples, rate) });
        } catch {
          return hangUp(CALL_MESSAGES.noMicrophone);
        }
        if (ended.current) ear.current.stop();
      }
      setPhase("listening");
    })();
    return () => hangUp();
    // The call opens once, with the chat it was started on.
  }, []);

  // The reply, spoken as it is written: each sentence as soon as it is complete.
  const streaming = options.chat.streaming;
  useEffect(() => {
    if (!streaming || silenced.current.has(streaming.messageId) || !speaker.current || ended.current) return;
    if (reply.current?.id !== streaming.messageId) {
      speaker.current.reset();
      reply.current = { id: streaming.messageId, text: "", sentences: new SentenceStream(!!call.current?.dialogueOnly), finished: false };
    }
    const current = reply.current;
    current.text = streaming.text;
    current.speakerId = streaming.speakerId;
    for (const sentence of current.sentences.push(streaming.text)) speaker.current.say(sentence, streaming.speakerId);
  }, [streaming]);
  // The reply finished: the rest of its text, from the chat's own record of it.
  useEffect(() => {
    const current = reply.current;
    if (streaming || !current || current.finished || !speaker.current) return;
    const text = options.chat.textOf(current.id) ?? current.text;
    current.finished = true;
    for (const sentence of current.sentences.finish(text)) speaker.current.say(sentence, current.speakerId);
  }, [streaming, options.chat]);

  useEffect(() => {
    if (phase === "ended") return;
    mutedNow.current = muted;
    ear.current?.setMuted(muted);
    const listener = recognition.current;
    if (!listener) return;
    try {
      if (muted) listener.stop();
      else listener.start();
    } catch {
      // Already listening (or already stopped).
    }
  }, [muted, phase]);

  const shown: CallPhase = phase === "ended" || phase === "connecting" || phase === "hearing" ? phase : speaking ? "speaking" : streaming ? "thinking" : phase;
  return { phase: shown, problem, heard, secondsLeft, muted, setMuted, hangUp, reply: streaming?.text ?? null };
}
