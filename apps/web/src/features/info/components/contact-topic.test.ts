import { CONTACT_TOPICS } from '@app/contracts/contact.ts';
import { describe, expect, it } from 'vitest';
import { topicFromParam } from './contact-topic.ts';

describe('topicFromParam', () => {
  it('accepts every topic by its own name, in any case', () => {
    for (const topic of CONTACT_TOPICS) {
      expect(topicFromParam(topic)).toBe(topic);
      expect(topicFromParam(` ${topic.toUpperCase()} `)).toBe(topic);
    }
  });

  it('maps the footer Support link to the technical topic', () => {
    expect(topicFromParam('support')).toBe('technical');
  });

  it('names no topic for anything else', () => {
    expect(topicFromParam(null)).toBeNull();
    expect(topicFromParam('')).toBeNull();
    expect(topicFromParam('refund-me-now')).toBeNull();
    expect(topicFromParam('constructor')).toBeNull();
  });
});
