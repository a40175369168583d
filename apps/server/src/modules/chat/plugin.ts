import type { Server } from 'socket.io';
import { defineModule } from '../../platform/module.ts';
import { personLimit } from '../../platform/request-limits.ts';
import { ChatAdminFigures } from './admin-figures.ts';
import { type Assistant, builtinAssistant } from './assistant.ts';
import * as chat from './migrations/0060-chat.ts';
import * as chatByTime from './migrations/0061-chat-messages-by-time.ts';
import * as answerListLines from './migrations/0062-chat-answer-list-lines.ts';
import * as answerCorrections from './migrations/0063-chat-answer-corrections.ts';
import { openAiAssistant } from './openai-assistant.ts';
import { attachRealtime, userRoom } from './realtime.ts';
import { shareRealtimeAcrossProcesses } from './realtime-adapter.ts';
import { ChatRepository } from './repository.ts';
import { chatRoutes } from './routes.ts';
import { ChatService } from './service.ts';
import { pushSessionEndings } from './session-push.ts';

/** The facts the assistant answers from (pure), for modules that compose an answer themselves. */
export { factsForQuestion, todaysTransits, upcomingTransits } from './facts.ts';

/**
 * The assistant: /api/chat/* over HTTP (answers stream as server-sent events) and Socket.IO. The
 * Socket.IO server is the app's realtime connection for every signed-in person: it also tells
 * the open tabs of ended sessions (decision 0196).
 */
export const chatModule = defineModule({
  name: 'chat',
  dependencies: ['auth', 'subscription', 'birth-data'],
  migrations: {
    '0060-chat': chat,
    '0061-chat-messages-by-time': chatByTime,
    '0062-chat-answer-list-lines': answerListLines,
    '0063-chat-answer-corrections': answerCorrections,
  },
  async register(app) {
    app.features.declare({
      id: 'chat',
      planKinds: ['full', 'chat'],
      refusal:
        'Your plan does not include the chat. Choose a plan with the chat on the Subscription page to unlock it.',
    });
    const chatMessages = app.allowances.declare({ kind: 'chatMessages' });
    const settings = app.config.assistant ?? { provider: 'builtin' };
    const assistant: Assistant =
      settings.provider === 'openai' ? openAiAssistant(settings.openai) : builtinAssistant;
    // Set once the socket server exists; answers given before that have nobody to tell.
    let realtime: Server | undefined;
    const service = new ChatService({
      repo: new ChatRepository(app.database.db),
      clock: app.clock,
      assistant,
      log: app.log,
      birthOf: (userId) => app.birthData.birthFacts(userId),
      peopleOf: (userId) => app.birthData.people(userId),
      announce: (userId, news) => realtime?.to(userRoom(userId)).emit(news.event, news.payload),
      allowance: {
        consume: (user) => chatMessages.consume(user),
        giveBack: (user, day) =>
          chatMessages
            .giveBack(user, day)
            .catch((error: unknown) => app.log.warn({ err: error }, 'could not give back a chat message')),
        usage: (user) => chatMessages.usage(user),
      },
    });
    app.decorate('chatFigures', new ChatAdminFigures(app.database.db));
    app.auth.addExportSection('chat', (userId) => service.exportSection(userId));
    await app.register(chatRoutes, { prefix: '/api/chat', service, guard: app.requireFeature('chat') });
    realtime = attachRealtime(app, {
      service,
      authenticate: (token) => app.auth.authenticate(token),
      // The routes' guard, for each question asked over the socket.
      checkAccess: (user) => app.features.check(user, 'chat'),
      countEvent: async (user) => {
        if (app.config.rateLimit.enabled) await app.throttle.take(personLimit(app.config.rateLimit, user.id));
      },
    });
    await shareRealtimeAcrossProcesses(app, realtime);
    const stopPushing = pushSessionEndings(realtime, app.sessionEndings, app.log);
    app.addHook('onClose', async () => {
      stopPushing();
    });
  },
});
