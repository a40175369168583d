import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/accounts.ts';
import { mailsTo, waitForMail } from './support/mail.ts';

test.describe('contact page', () => {
  test('the footer Support link preselects the topic; the message reaches the operators and is acknowledged', async ({
    page,
    request,
  }) => {
    const { supportEmail } = (await (await request.get('/api/contact/info')).json()) as {
      supportEmail: string;
    };
    await page.goto('/#/updates');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Support' }).click();
    await expect(page).toHaveURL(/#\/contact\?topic=support$/);
    await expect(page).toHaveTitle('Contact us · Astro Guidance');
    await expect(page.getByLabel('Topic')).toHaveValue('technical');
    await expect(page.getByRole('link', { name: supportEmail })).toHaveAttribute(
      'href',
      `mailto:${supportEmail}`,
    );

    const email = uniqueEmail('contact');
    const name = `Grace ${email.slice(8, 16)}`;
    const text = `The chart page does not load on my tablet. (${email})`;
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Message').fill(text);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    const acknowledgement = await waitForMail(email, /We received your message/);
    expect(acknowledgement.text).toContain('Technical problem');
    expect(acknowledgement.text).not.toContain(text);
    const operators = await waitForMail(supportEmail, new RegExp(`\\[Contact\\] Technical problem: ${name}`));
    expect(operators.text).toContain(text);
    expect(operators.text).toContain(email);
  });

  test('fields are checked before sending; nothing is sent for a bad form', async ({ page }) => {
    const email = uniqueEmail('contact-bad');
    await page.goto('/#/contact');
    await page.getByLabel('Email').fill(email.replace('@', ' at '));
    await page.getByLabel('Message').fill('Too short');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Please enter your name.')).toBeVisible();
    await expect(page.getByText('Please choose a topic.')).toBeVisible();
    await expect(page.getByText('Please write at least 10 characters.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await page.waitForTimeout(500);
    expect(mailsTo(email)).toHaveLength(0);
  });
});
