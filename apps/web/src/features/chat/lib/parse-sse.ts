export interface SseEvent {
  /** The `event:` field; 'message' when the event names none. */
  event: string;
  data: string;
}

/**
 * An incremental reader of the text/event-stream format: feed it decoded text as it arrives, in
 * pieces of any size, and it answers the events each piece completed. Comments (`:`), `id:` and
 * `retry:` lines are ignored; several `data:` lines join with a line break.
 */
export function createSseParser(): { push(text: string): SseEvent[]; end(): SseEvent[] } {
  let buffer = '';
  let event = '';
  let data: string[] = [];

  const line = (text: string, out: SseEvent[]) => {
    if (text === '') {
      if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };

  return {
    push(text) {
      buffer += text;
      const out: SseEvent[] = [];
      // A lone \r at the end may be the first half of \r\n: wait for the next piece.
      const pattern = /\r\n|\n|\r(?!$)/g;
      let start = 0;
      for (let match = pattern.exec(buffer); match; match = pattern.exec(buffer)) {
        line(buffer.slice(start, match.index), out);
        start = match.index + match[0].length;
      }
      buffer = buffer.slice(start);
      return out;
    },
    end() {
      // A held \r ends its line after all; an event not closed by a blank line is dropped, as browsers do.
      const out: SseEvent[] = [];
      if (buffer.endsWith('\r')) line(buffer.slice(0, -1), out);
      buffer = '';
      event = '';
      data = [];
      return out;
    },
  };
}
