import { describe, expect, it } from 'vitest';
import { register } from '../../testing/harness.ts';
import { send, stats, useAffiliateApp, visitorId } from './testing.ts';

// Attributing a new account to the partner whose link the visitor last clicked within the
// attribution window.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const affiliate = useAffiliateApp();
const { click, attribute } = affiliate;

describe('POST /api/affiliate/attribute', () => {
  async function clickThenRegister(code: string, wait: number) {
    const visitor = visitorId();
    await click(code, visitor);
    affiliate.t.clock.advance(wait);
    const person = await register(affiliate.t.app);
    return { visitor, person };
  }

  it('attributes a registration 29 days after the click, and not one 31 days after', async () => {
    const early = await clickThenRegister('LUNA', 29 * DAY);
    const yes = await attribute(early.person.token, early.visitor);
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toEqual({ success: true, attributed: true, code: 'LUNA' });

    const late = await clickThenRegister('LUNA', 31 * DAY);
    expect((await attribute(late.person.token, late.visitor)).json()).toEqual({
      success: true,
      attributed: false,
      code: null,
    });
  });

  it('counts the 30th day to the millisecond', async () => {
    const edge = await clickThenRegister('ORION', 30 * DAY);
    expect((await attribute(edge.person.token, edge.visitor)).json().attributed).toBe(true);
    const past = await clickThenRegister('ORION', 30 * DAY + 1);
    expect((await attribute(past.person.token, past.visitor)).json().attributed).toBe(false);
  });

  it('credits the last click', async () => {
    const visitor = visitorId();
    await click('LUNA', visitor);
    affiliate.t.clock.advance(DAY);
    await click('ORION', visitor);
    affiliate.t.clock.advance(DAY);
    await click('LUNA', visitor); // deduped only within a day: a new day, a new click
    affiliate.t.clock.advance(DAY);
    await click('ORION', visitor);
    affiliate.t.clock.advance(DAY);
    await click('UNKNOWN', visitor); // credits nobody, so it does not take the win away
    const person = await register(affiliate.t.app);
    expect((await attribute(person.token, visitor)).json()).toMatchObject({ code: 'ORION' });

    const other = visitorId();
    await click('ORION', other);
    affiliate.t.clock.advance(DAY);
    await click('LUNA', other);
    const second = await register(affiliate.t.app);
    expect((await attribute(second.token, other)).json()).toMatchObject({ code: 'LUNA' });
  });

  it('is idempotent: the first attribution stands', async () => {
    const { visitor, person } = await clickThenRegister('LUNA', DAY);
    const signups = (await stats(affiliate.t, affiliate.luna.id)).figures.signups;
    expect((await attribute(person.token, visitor)).json()).toMatchObject({ attributed: true, code: 'LUNA' });
    await click('ORION', visitor);
    expect((await attribute(person.token, visitor)).json()).toMatchObject({ attributed: true, code: 'LUNA' });
    expect((await attribute(person.token, visitorId())).json()).toMatchObject({
      attributed: true,
      code: 'LUNA',
    });
    expect((await stats(affiliate.t, affiliate.luna.id)).figures.signups).toBe(signups + 1);
  });

  it('ignores clicks of other browsers and clicks well after registration', async () => {
    const person = await register(affiliate.t.app);
    await click('LUNA', visitorId());
    expect((await attribute(person.token, visitorId())).json().attributed).toBe(false);

    const visitor = visitorId();
    affiliate.t.clock.advance(11 * MINUTE);
    await click('LUNA', visitor);
    expect((await attribute(person.token, visitor)).json().attributed).toBe(false);

    // A click sent moments after registering (it raced the registration) still counts.
    const racer = await register(affiliate.t.app);
    const racerVisitor = visitorId();
    affiliate.t.clock.advance(2 * MINUTE);
    await click('ORION', racerVisitor);
    expect((await attribute(racer.token, racerVisitor)).json()).toMatchObject({
      attributed: true,
      code: 'ORION',
    });
  });

  it('needs a signed-in user and a well-formed body', async () => {
    const visitor = visitorId();
    const guest = await send(affiliate.t.app, 'POST', '/api/affiliate/attribute', {
      body: { visitorId: visitor },
    });
    expect(guest.statusCode).toBe(401);
    for (const body of [
      {},
      { visitorId: 'short' },
      { visitorId: visitor, code: 'LUNA' },
      { visitorId: 12345 },
    ]) {
      const response = await send(affiliate.t.app, 'POST', '/api/affiliate/attribute', {
        token: affiliate.t.userToken,
        body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
  });
});
