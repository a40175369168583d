import { describe, expect, it } from 'vitest';
import { createSseParser } from './parse-sse.ts';

const STREAM =
  'data: {"text":"Your Moon"}\n\ndata: {"text":" is in Cancer."}\n\nevent: done\ndata: {"sessionId":"s1"}\n\n';

describe('the event-stream reader', () => {
  it('reads pieces and the named final event', () => {
    const parser = createSseParser();
    expect(parser.push(STREAM)).toEqual([
      { event: 'message', data: '{"text":"Your Moon"}' },
      { event: 'message', data: '{"text":" is in Cancer."}' },
      { event: 'done', data: '{"sessionId":"s1"}' },
    ]);
  });

  it('gives the same events whatever the chunk boundaries, one character at a time included', () => {
    const whole = createSseParser().push(STREAM);
    for (const size of [1, 2, 3, 7, 13]) {
      const parser = createSseParser();
      const events = [];
      for (let i = 0; i < STREAM.length; i += size) events.push(...parser.push(STREAM.slice(i, i + size)));
      expect(events).toEqual(whole);
    }
  });

  it('accepts CRLF and CR line ends, split across chunks', () => {
    const parser = createSseParser();
    expect(parser.push('data: a\r')).toEqual([]);
    expect(parser.push('\n\r\nevent: done\rdata: b\r\r')).toEqual([{ event: 'message', data: 'a' }]);
    // The last \r could still be half of \r\n until the stream ends.
    expect(parser.end()).toEqual([{ event: 'done', data: 'b' }]);
  });

  it('joins data lines, skips comments and unknown fields, and drops an unfinished event', () => {
    const parser = createSseParser();
    expect(parser.push(': keep-alive\nid: 4\ndata: one\ndata:two\nretry: 10\n\ndata: cut')).toEqual([
      { event: 'message', data: 'one\ntwo' },
    ]);
    expect(parser.end()).toEqual([]);
  });
});
