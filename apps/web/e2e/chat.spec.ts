import { expect, test } from '@playwright/test';
import { SLOW_ASSISTANT_URL } from '../playwright.config.ts';
import { expectNoSidewaysScroll, expectNoViolations } from './support/axe.ts';
import { newSubscriberWithBirthData } from './support/subscriber.ts';

// A subscriber (verified, paid with the local test checkout, birth data saved) asks a starter,
// sees the answer arrive with the facts it used, renames and deletes conversations, reloads and
// finds the history. A "?prompt=" link fills the box without sending. On the server whose
// assistant streams slowly, an answer is stopped halfway and kept as it was shown, marked stopped.

test('ask a starter, rename and delete conversations, reload and find the history', async ({ page }) => {
  // What the realtime socket brings in: the answers stream over it when it connects.
  const frames: string[] = [];
  page.on('websocket', (socket) => socket.on('framereceived', (frame) => frames.push(String(frame.payload))));
  await newSubscriberWithBirthData(page, 'chat');

  // An "Ask about this" link: the question waits in the box and nothing is sent.
  await page.goto(`/#/chat?prompt=${encodeURIComponent('What does the Full Moon mean for me?')}`);
  const box = page.getByLabel('Your question');
  await expect(box).toHaveValue('What does the Full Moon mean for me?');
  await expect(page.getByText('50 of 50 messages left today')).toBeVisible();
  await expect(page.getByText('Your conversations will be listed here.')).toBeVisible();
  await box.fill('');

  // A starter: the conversation is created, the answer arrives with the facts it rests on.
  await page.getByRole('button', { name: 'What does my Moon sign mean?' }).click();
  await expect(page).toHaveURL(/#\/chat\/[0-9a-f-]{36}$/);
  const messages = page.getByRole('list', { name: 'Messages' });
  await expect(messages).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByText(/^Facts used \(\d+\)$/)).toBeVisible();
  await expect(messages).toHaveAttribute('aria-busy', 'false');
  await expect(messages).toContainText('Moon');
  await page.getByText(/^Facts used/).click();
  await expect(messages.getByText(/Moon in \w+/).first()).toBeVisible();
  await expect(page.getByText('49 of 50 messages left today')).toBeVisible();
  const firstUrl = page.url();
  expect(frames.some((frame) => frame.includes('"chat:delta"'))).toBe(true);
  const answer = (await messages.locator('li').nth(1).textContent()) ?? '';
  expect(answer.length).toBeGreaterThan(40);

  // The first question's topic names the conversation; rename it.
  const sidebar = page.getByRole('navigation', { name: 'Conversations' });
  await expect(sidebar.getByRole('link', { name: /Moon sign and emotions/ })).toBeVisible();
  await sidebar.getByRole('button', { name: 'Rename Moon sign and emotions' }).click();
  await sidebar.getByLabel('New title for Moon sign and emotions').fill('About my Moon');
  await sidebar.getByRole('button', { name: 'Save' }).click();
  await expect(sidebar.getByRole('link', { name: /About my Moon/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'About my Moon' })).toBeVisible();

  // A second conversation, typed, then deleted after confirming.
  await sidebar.getByRole('link', { name: 'New conversation' }).click();
  await expect(page).toHaveURL(/#\/chat$/);
  await page.getByLabel('Your question').fill('What does my chart say about my career?');
  await page.getByLabel('Your question').press('Enter');
  await expect(page.getByText(/^Facts used/)).toBeVisible();
  const links = sidebar.getByRole('link', { name: /Career and vocation|About my Moon/ });
  await expect(links).toHaveCount(2);
  // Newest first.
  await expect(links.first()).toContainText('Career and vocation');
  await sidebar.getByRole('button', { name: 'Delete Career and vocation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this conversation?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/#\/chat$/);
  await expect(sidebar.getByRole('link', { name: /Career and vocation/ })).toHaveCount(0);

  // Reloading brings the kept conversation back from the server.
  await page.goto(firstUrl);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'About my Moon' })).toBeVisible();
  await expect(messages.locator('li').first()).toContainText('What does my Moon sign mean?');
  await expect(messages.locator('li').nth(1)).toContainText(answer.slice(0, 40));
  await expect(page.getByText('48 of 50 messages left today')).toBeVisible();
});

test('asks several kinds of question in one conversation; each answer leads with what was asked, from the chart', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Ada, born in Oslo on 21 April 1990 at 14:30: Sun in Taurus.
  await newSubscriberWithBirthData(page, 'chat-kinds');
  await page.goto('/#/chat');
  const messages = page.getByRole('list', { name: 'Messages' });
  const box = page.getByLabel('Your question');
  let asked = 0;
  /** Sends a question and answers the text of its reply once it has arrived. */
  async function ask(question: string): Promise<string> {
    await box.fill(question);
    await box.press('Enter');
    asked += 2;
    const reply = messages.locator(':scope > li').nth(asked - 1);
    await expect(reply).toBeVisible();
    await expect(messages).toHaveAttribute('aria-busy', 'false');
    // Less the screen reader's "Assistant:" label and the copy button.
    return ((await reply.textContent()) ?? '').replace(/^Assistant:\s*/, '').replace(/Copy answer$/, '');
  }
  // A definition, then what it is in this chart.
  expect(await ask('what is a trine?')).toMatch(/120/);
  // The sky now: a direct yes or no first.
  expect(await ask('Is Mercury retrograde right now?')).toMatch(/^(Yes|No)\b.*Mercury/);
  // A fact of the chart.
  expect(await ask('Which planet rules my chart?')).toMatch(
    /rules your chart, because your Ascendant is in \w+/,
  );
  // Sun-sign compatibility, from the person's own Sun.
  const match = await ask('how compatible am I with a Leo');
  expect(match).toContain('Leo');
  expect(match).toContain('Sun in Taurus');
  // Timing over a window, then a follow-up that keeps the question and moves the window.
  expect(await ask('Is this a good week to ask for a raise?')).toMatch(
    /^(Yes|Partly|It is workable|Nothing in the sky)\b.*this week/,
  );
  expect(await ask('and next month?')).toMatch(/next month/);
  // A refusal stays a refusal.
  // The first sentence says no, in any of the refusal's wordings.
  expect(await ask('what are my lucky lottery numbers')).toMatch(
    /^[^.!?]*\b(can['’]t|not able|isn['’]t my place|won['’]t|no chart could)\b/,
  );
});

test('on a phone, light and dark, the page fits, passes axe, and the conversations open in a drawer', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await newSubscriberWithBirthData(page, 'chat');
  await page.goto('/#/chat');
  await page.getByRole('button', { name: 'What does my birth chart say about me?' }).click();
  await expect(page.getByText(/^Facts used/)).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoSidewaysScroll(page, `chat at 360 px, ${scheme}`);
    await expectNoViolations(page, `chat at 360 px, ${scheme}`);
  }

  await page.getByRole('button', { name: 'Show conversations' }).click();
  const drawer = page.getByRole('dialog', { name: 'Conversations' });
  await expect(drawer.getByRole('link', { name: /Birth chart overview/ })).toBeVisible();
  await expectNoViolations(page, 'conversations drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});

test('without WebSockets a tab answers over server-sent events, and another open tab shows the answer', async ({
  page,
  context,
}) => {
  await newSubscriberWithBirthData(page, 'chat');
  await page.goto('/#/chat');
  await page.getByRole('button', { name: 'What does my Moon sign mean?' }).click();
  await expect(page.getByText(/^Facts used/)).toBeVisible();
  const url = page.url();

  // A second tab of the same person where WebSockets cannot pass (a proxy that refuses them).
  const second = await context.newPage();
  await second.routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
  await second.goto(url);
  await expect(second.getByRole('list', { name: 'Messages' }).locator(':scope > li')).toHaveCount(2);
  const posted = second.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/messages'),
  );
  await second.getByLabel('Your question').fill('What does my chart say about my career?');
  await second.getByLabel('Your question').press('Enter');
  expect((await posted).headers().accept).toBe('text/event-stream');
  await expect(second.getByRole('list', { name: 'Messages' }).locator(':scope > li')).toHaveCount(4);

  // The first tab, connected, hears of the stored answer and shows it without a reload.
  const messages = page.getByRole('list', { name: 'Messages' });
  await expect(messages.locator(':scope > li')).toHaveCount(4);
  await expect(messages.locator(':scope > li').nth(2)).toContainText(
    'What does my chart say about my career?',
  );
});

test.describe('with an assistant that streams slowly', () => {
  test.use({ baseURL: SLOW_ASSISTANT_URL });

  test('a model that makes things up: the answer is corrected against the chart, and says so', async ({
    page,
  }) => {
    await newSubscriberWithBirthData(page, 'chat-checked');
    await page.goto('/#/chat');
    // Born in Oslo on 21 April 1990 at 14:30: Sun in Taurus, Moon in Pisces, no Mars–Jupiter square.
    await page.getByLabel('Your question').fill('Which sign is my Moon in?');
    await page.getByLabel('Your question').press('Enter');
    const answer = page.getByRole('list', { name: 'Messages' }).locator(':scope > li').nth(1);
    // What is shown: the true sentence kept, the false one corrected, the made-up aspect left out.
    const said = 'Your Sun is in Taurus. Your Moon is in Pisces, a warm placement.';
    await expect(answer.getByRole('paragraph')).toHaveText([said]);
    const note = answer.getByText('2 statements corrected against your chart');
    await expect(note).toBeVisible();
    // Opened, the note says what the model said and what the chart says.
    await note.click();
    await expect(answer.getByText('The assistant said: Your Moon is in Leo')).toBeVisible();
    await expect(
      answer.getByText('Your chart says: Mars and Jupiter make a trine in your chart'),
    ).toBeVisible();
    // The stored answer is the checked one.
    await page.reload();
    const stored = page.getByRole('list', { name: 'Messages' }).locator(':scope > li').nth(1);
    await expect(stored.getByRole('paragraph')).toHaveText([said]);
    await expect(stored.getByText('2 statements corrected against your chart')).toBeVisible();
  });

  test('stop an answer while it streams; what was said is kept, marked stopped', async ({ page }) => {
    await newSubscriberWithBirthData(page, 'chat-stop');
    await page.goto('/#/chat');
    await page.getByRole('button', { name: 'What does my Moon sign mean?' }).click();
    const messages = page.getByRole('list', { name: 'Messages' });
    // The fake model says "Your chart speaks." and then forty one-word sentences, slowly (each is
    // shown once it is complete and checked against the chart).
    await expect(messages).toContainText('word1.');
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
    await expect(messages).toContainText('You stopped this answer.');
    // The stored copy (with its Copy button) takes the streamed one's place, cut where it stopped.
    const stopped = messages.locator(':scope > li').nth(1);
    await expect(stopped.getByRole('button', { name: 'Copy answer' })).toBeVisible();
    // No more words arrive (the rest would take the fake model seconds).
    await page.waitForTimeout(1_000);
    const shown = (await stopped.textContent()) ?? '';
    expect(shown).toContain('word0.');
    expect(shown).not.toContain('word39');

    // What is kept is exactly what was shown.
    await page.reload();
    const answer = messages.locator(':scope > li').nth(1);
    await expect(answer).toContainText('You stopped this answer.');
    expect(await answer.textContent()).toBe(shown);
    await expect(page.getByText('49 of 50 messages left today')).toBeVisible();
  });
});
