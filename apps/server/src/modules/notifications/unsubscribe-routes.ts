import { UnsubscribeQuerySchema } from '@app/contracts/notifications.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { escapeHtml, serverPage, serverPagePolicy } from '../../platform/html.ts';
import { PRODUCT_NAME } from '../../platform/mailer/compose.ts';
import type { UnsubscribeLinks } from './unsubscribe-links.ts';

// GET and POST /api/notifications/unsubscribe?token=…, the digest mails' link (no sign-in). A mail
// client's one-click POST (RFC 8058) turns the digest off at once; a GET (a person following the
// link) only shows a button that POSTs, since link checkers and previews open every GET.

const STYLE =
  'body{font-family:system-ui,sans-serif;background:#f6f4fb;color:#1f1b2e;margin:0;padding:24px;line-height:1.5}' +
  'main{max-width:460px;margin:0 auto;background:#fff;border-radius:14px;padding:24px}' +
  'button{margin-top:12px;padding:12px 18px;border:0;border-radius:8px;background:#5b3fd1;color:#fff;font-size:16px;cursor:pointer}' +
  '@media (prefers-color-scheme:dark){body{background:#14111f;color:#eee}main{background:#1f1b2e}}';

function page(title: string, body: string): string {
  return serverPage({
    title: `${title} · ${PRODUCT_NAME}`,
    style: STYLE,
    body: `<h1>${escapeHtml(title)}</h1>${body}`,
  });
}

const UNSUBSCRIBE_MESSAGES = {
  invalid: 'This unsubscribe link is not valid. You can turn the mails off in Settings → Notifications.',
  ask: 'Stop the daily or weekly mail about your cosmic landscape? Notes on your devices are not changed.',
  done: 'You will get no more digest mails. You can turn them on again in Settings → Notifications.',
} as const;

export const unsubscribeRoutes: FastifyPluginAsyncZod<{
  links: UnsubscribeLinks;
  settingsUrl: string;
  stopEmail(userId: string): Promise<void>;
}> = async (app, { links, settingsUrl, stopEmail }) => {
  // Mail clients post url-encoded or multipart bodies ("List-Unsubscribe=One-Click"); only the
  // token in the address matters, so the body is read as text and left unused.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data'])
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
      done(null, {}),
    );
  const policy = serverPagePolicy(STYLE);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    reply.header('Content-Security-Policy', policy);
  });
  const settingsLink = `<p><a href="${escapeHtml(settingsUrl)}">Notification settings</a></p>`;
  const schema = { hide: true, querystring: UnsubscribeQuerySchema };

  app.get('/unsubscribe', { schema }, async (request, reply) => {
    const token = request.query.token;
    reply.type('text/html; charset=utf-8');
    if (!links.userOf(token))
      return reply
        .status(404)
        .send(page('Link not valid', `<p>${UNSUBSCRIBE_MESSAGES.invalid}</p>${settingsLink}`));
    const action = `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
    return page(
      'Unsubscribe',
      `<p>${UNSUBSCRIBE_MESSAGES.ask}</p><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
    );
  });

  app.post('/unsubscribe', { schema }, async (request, reply) => {
    const userId = links.userOf(request.query.token);
    reply.type('text/html; charset=utf-8');
    if (!userId)
      return reply
        .status(404)
        .send(page('Link not valid', `<p>${UNSUBSCRIBE_MESSAGES.invalid}</p>${settingsLink}`));
    await stopEmail(userId);
    return page('Unsubscribed', `<p>${UNSUBSCRIBE_MESSAGES.done}</p>${settingsLink}`);
  });
};
