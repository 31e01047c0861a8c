import { useRevalidator } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiConversationMessage } from '#contract/envelope';
import {
  consumeStream,
  consumeTextStream,
  fetchStream,
  StreamError,
  streamErrorMessage,
  streamFailureMessage,
} from '#app/lib/assistant-stream';
import { useToast } from '../toaster';

/** The resource routes of one conversation ('new' starts one). */
export const chatEndpoint = (conversationId: string | null) =>
  `/dashboard/assistant-conversations/${encodeURIComponent(conversationId ?? 'new')}`;

/**
 * The turn in flight, shown in place of the server's messages after `baseline` until the
 * page's data has caught up with it (then the stored messages, with their sources, take
 * over). Realtime refreshes during the turn therefore never show a message twice.
 */
export type ChatTurn = {
  baseline: number;
  user: string | null;
  fromVoice: boolean;
  reply: string;
  chunks: number;
  phase: 'sending' | 'streaming' | 'speaking' | 'done' | 'failed';
};

export type AssistantChat = ReturnType<typeof useAssistantChat>;

/**
 * The chat with JavaScript: a message is posted to our reply route, which streams the
 * answer back as it is produced (appended here chunk by chunk); a voice turn uploads the
 * recording, shows its transcript and plays the spoken reply. Either way the page's data
 * is refreshed at the end. Failures (docs/product.md#toasts) show in place and as a toast.
 */
export function useAssistantChat({
  conversationId,
  messages,
  title,
  onConversationCreated,
}: {
  conversationId: string | null;
  messages: ApiConversationMessage[];
  /** The title a conversation started from here gets. */
  title?: string;
  /** A conversation was started (conversationId was null): the page moves to it. */
  onConversationCreated?: (conversationId: string) => void;
}) {
  const revalidator = useRevalidator();
  const toast = useToast();
  const [turn, setTurn] = useState<ChatTurn | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = turn !== null && turn.phase !== 'done' && turn.phase !== 'failed';
  const controller = useRef<AbortController | null>(null);
  const latest = useRef({ conversationId, messages, onConversationCreated, revalidate: revalidator.revalidate });
  latest.current = { conversationId, messages, onConversationCreated, revalidate: revalidator.revalidate };

  // Leaving the page stops reading (the server finishes the reply all the same).
  useEffect(() => () => controller.current?.abort(), []);

  const finish = useCallback((createdId: string | null, phase: 'done' | 'failed') => {
    setTurn((current) => (current ? { ...current, phase } : current));
    const { conversationId: openId, onConversationCreated: moveTo, revalidate } = latest.current;
    if (createdId && !openId && moveTo) moveTo(createdId);
    else revalidate();
  }, []);

  const fail = useCallback(
    (caught: unknown, createdId: string | null) => {
      if (caught instanceof Error && caught.name === 'AbortError') return;
      const message = streamErrorMessage(caught);
      setError(message);
      toast.show({ message, type: 'error' });
      finish(createdId, 'failed');
    },
    [finish, toast],
  );

  const start = (user: string | null, fromVoice: boolean) => {
    controller.current?.abort();
    controller.current = new AbortController();
    setError(null);
    setTurn({ baseline: latest.current.messages.length, user, fromVoice, reply: '', chunks: 0, phase: 'sending' });
    return controller.current.signal;
  };

  /** Ask in writing; the reply streams in. */
  const send = async (message: string) => {
    const signal = start(message, false);
    const body = new FormData();
    body.set('message', message);
    if (title) body.set('title', title);
    let createdId: string | null = null;
    try {
      const response = await fetchStream(`${chatEndpoint(latest.current.conversationId)}/reply`, {
        method: 'POST',
        body,
        signal,
      });
      createdId = response.headers.get('x-conversation-id');
      await consumeTextStream(response, (text) =>
        setTurn((current) =>
          current ? { ...current, reply: text, chunks: current.chunks + 1, phase: 'streaming' } : current,
        ),
      );
      finish(createdId, 'done');
    } catch (caught) {
      fail(caught, createdId);
    }
  };

  /** Ask by voice: upload the recording, show what was heard, play the spoken reply as it arrives. */
  const sendVoice = async (
    recording: Blob,
    audio: { heard: (transcript: string) => void; play: (chunk: Uint8Array) => void; played: () => Promise<void> },
  ) => {
    const signal = start(null, true);
    const body = new FormData();
    body.set('audio', recording, 'recording.wav');
    if (title) body.set('title', title);
    let createdId: string | null = null;
    try {
      const uploaded = await fetchStream(`${chatEndpoint(latest.current.conversationId)}/voice`, {
        method: 'POST',
        body,
        signal,
      });
      if (!uploaded.ok) throw new StreamError(await streamFailureMessage(uploaded));
      const heard = (await uploaded.json()) as { conversation_id: string; transcript: string };
      createdId = heard.conversation_id;
      setTurn((current) => (current ? { ...current, user: heard.transcript, phase: 'speaking' } : current));
      audio.heard(heard.transcript);
      const spoken = await fetchStream(`${chatEndpoint(heard.conversation_id)}/audio`, { method: 'POST', signal });
      await consumeStream(spoken, audio.play);
      await audio.played();
      finish(latest.current.conversationId ? null : createdId, 'done');
      return heard.transcript;
    } catch (caught) {
      fail(caught, latest.current.conversationId ? null : createdId);
      throw caught;
    }
  };

  // Hand over to the stored messages once the page's data has them (and the reply is no
  // longer being written); until then refresh now and then, in case no realtime event comes.
  useEffect(() => {
    if (!turn || (turn.phase !== 'done' && turn.phase !== 'failed')) return;
    const last = messages[messages.length - 1];
    const caughtUp = messages.length >= turn.baseline + 2 && last?.role === 'assistant' && last.status !== 'streaming';
    if (caughtUp || (turn.phase === 'failed' && messages.length <= turn.baseline)) {
      setTurn(null);
      return;
    }
    const retry = setTimeout(() => latest.current.revalidate(), 1000);
    return () => clearTimeout(retry);
  }, [messages, turn]);

  return { turn, error, busy, send, sendVoice };
}
