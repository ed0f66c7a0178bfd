import type { LiveClientFrame, LiveServerFrame } from '@skydesk/contract';

/**
 * What the open live socket hands to the screens that want it (a support chat showing messages and
 * "… is typing" as they come), and the way back to the server. The layout that owns the socket
 * (the agency's dashboard, or the operator console) publishes into it; a page of either is never
 * open in the same tab at once, so one channel serves both.
 *
 * `reconnected` follows a socket that was down: what it would have pushed meanwhile was missed,
 * so a screen asks for what it lacks (a chat, the messages after the last one it holds).
 */
export type LiveEvent = LiveServerFrame | { type: 'reconnected' };
type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();
let sender: ((frame: LiveClientFrame) => boolean) | null = null;

/** Listens to every live event until the returned function is called. */
export function subscribeLiveEvents(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The owning layout's socket hands on an event. */
export function publishLiveEvent(event: LiveEvent): void {
  for (const listener of [...listeners]) listener(event);
}

/** The owning layout's socket, to send frames through (null when it closes). */
export function setLiveSender(send: ((frame: LiveClientFrame) => boolean) | null): void {
  sender = send;
}

/**
 * Sends a frame over the open socket; false when there is none ready (the caller falls back to
 * HTTP, or drops what only matters live, such as typing).
 */
export function sendLiveFrame(frame: LiveClientFrame): boolean {
  return sender?.(frame) ?? false;
}
