import { randomUUID } from 'node:crypto';
import type { NatalChart } from '@app/astro/chart/natal-chart';
import { chartOfBirth } from '@app/astro/chart/natal-chart';
import type { Role } from '@app/contracts/auth.ts';
import {
  CHAT_DELETED_EVENT,
  CHAT_RENAMED_EVENT,
  type ChatCorrection,
  type ChatDeleted,
  type ChatDone,
  type ChatMemory,
  type ChatMessage,
  type ChatSession,
  type ChatSessionDetail,
  type ChatStopBody,
  type ChatUsage,
  FIXED_STARTERS,
} from '@app/contracts/chat.ts';
import { mentionedPerson } from '@app/interpretations/assistant/person';
import { memoriesIn } from '@app/interpretations/chat-composer';
import { distinctTitle, topicTitle } from '@app/interpretations/chat-title';
import { SIGNS } from '@app/interpretations/knowledge';
import { transitTitle } from '@app/interpretations/landscape-composer';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound, retryWhileDatabaseAway } from '../../platform/errors.ts';
import { AnswersInProgress } from './answers-in-progress.ts';
import type { Assistant } from './assistant.ts';
import { checkedPieces, type FoundCorrection } from './checked-answer.ts';
import { type ChatBirth, claimFacts, factsForQuestion, todaysTransits, upcomingTransits } from './facts.ts';
import { type PersonInLife, personFacts } from './person-facts.ts';
import type { ChatRepository } from './repository.ts';

const MESSAGES = {
  sessionNotFound: 'That conversation does not exist.',
  memoryNotFound: 'That memory does not exist.',
  birthDataRequired: 'Save your birth data first: the assistant answers from your own birth chart.',
} as const;

const DEFAULT_TITLE = 'New conversation';

export type Actor = { id: string; role: Role };

/** What the person's other tabs hear: an answer stored, a conversation renamed or deleted. */
type ChatNews =
  | { event: 'chat:done'; payload: ChatDone }
  | { event: typeof CHAT_RENAMED_EVENT; payload: ChatSession }
  | { event: typeof CHAT_DELETED_EVENT; payload: ChatDeleted };

interface ChatPorts {
  birthOf(userId: string): Promise<ChatBirth | null>;
  /** The people in the person's life, for questions that name one of them. */
  peopleOf(userId: string): Promise<PersonInLife[]>;
  allowance: {
    /** Counts a message against the day's allowance; `day` is the person's day it counted on. */
    consume(user: Actor): Promise<{ used: number; limit: number; day: string }>;
    /** Takes back a message counted on `day`. Never fails: an answer is not lost over it. */
    giveBack(user: Actor, day: string): Promise<void>;
    usage(user: Actor): Promise<ChatUsage>;
  };
  /** Tells every open realtime connection of the person (on any server process). */
  announce?(userId: string, news: ChatNews): void;
}

export interface ChatServiceDeps extends ChatPorts {
  repo: ChatRepository;
  clock: Clock;
  assistant: Assistant;
  /** Where each correction of an answer is logged (the model and the kind; never what the person wrote). */
  log?: { info(details: Record<string, unknown>, message: string): void };
}

/** The corrections of what the person was shown (all of them when they did not stop it); null for none. */
function shownCorrections(
  corrections: readonly { said: string; chart: string; at: number }[],
  shown: number | undefined,
): ChatCorrection[] | null {
  const kept = corrections.filter((c) => shown === undefined || c.at < shown);
  return kept.length > 0 ? kept.map(({ said, chart }) => ({ said, chart })) : null;
}

/** One question being answered: the stored question, the streamed pieces, and the stored answer once done. */
export interface Exchange {
  session: ChatSession;
  userMessage: ChatMessage;
  pieces: AsyncIterable<string>;
  /** Stores what was said (all of it, or up to the stop) and answers the stored message. */
  finish(): Promise<ChatMessage>;
}

interface SkyCache {
  key: string;
  chart: NatalChart;
  today: ReturnType<typeof todaysTransits>;
  upcoming?: ReturnType<typeof upcomingTransits>;
}

const SKY_CACHE_SIZE = 1000;

export class ChatService {
  /** Per person: their chart and today's sky, until their day or birth data changes. */
  private readonly skies = new Map<string, SkyCache>();
  private readonly answering = new AnswersInProgress();

  constructor(private readonly deps: ChatServiceDeps) {}

  private get now(): Date {
    return this.deps.clock.now();
  }

  sessions(user: Actor): Promise<ChatSession[]> {
    return this.deps.repo.sessions(user.id);
  }

  create(user: Actor, title?: string): Promise<ChatSession> {
    return this.deps.repo.createSession(user.id, {
      id: randomUUID(),
      title: title ?? DEFAULT_TITLE,
      now: this.now.toISOString(),
    });
  }

  private async ownSession(user: Actor, id: string): Promise<ChatSession> {
    const session = await this.deps.repo.session(user.id, id);
    if (!session) throw notFound(MESSAGES.sessionNotFound);
    return session;
  }

  async detail(user: Actor, id: string): Promise<ChatSessionDetail> {
    const session = await this.ownSession(user, id);
    return { ...session, messages: await this.deps.repo.messages(user.id, id) };
  }

  async rename(user: Actor, id: string, title: string): Promise<ChatSession> {
    if (!(await this.deps.repo.rename(user.id, id, title, this.now.toISOString())))
      throw notFound(MESSAGES.sessionNotFound);
    const session = await this.ownSession(user, id);
    this.deps.announce?.(user.id, { event: CHAT_RENAMED_EVENT, payload: session });
    return session;
  }

  async remove(user: Actor, id: string): Promise<void> {
    if (!(await this.deps.repo.deleteSession(user.id, id))) throw notFound(MESSAGES.sessionNotFound);
    this.deps.announce?.(user.id, { event: CHAT_DELETED_EVENT, payload: { sessionId: id } });
  }

  usage(user: Actor): Promise<ChatUsage> {
    return this.deps.allowance.usage(user);
  }

  memories(user: Actor): Promise<ChatMemory[]> {
    return this.deps.repo.memories(user.id);
  }

  async forgetMemory(user: Actor, id: string): Promise<void> {
    if (!(await this.deps.repo.forgetMemory(user.id, id))) throw notFound(MESSAGES.memoryNotFound);
  }

  private async birthOrRefuse(userId: string): Promise<ChatBirth> {
    const birth = await this.deps.birthOf(userId);
    if (!birth) throw new AppError(409, 'BIRTH_DATA_REQUIRED', MESSAGES.birthDataRequired);
    return birth;
  }

  /** The person's chart and sky for today, computed once a day (and again when the birth data changes). */
  private sky(userId: string, birth: ChatBirth, withUpcoming: boolean): SkyCache {
    const now = this.now;
    const key = [
      birth.utc,
      birth.latitude,
      birth.longitude,
      birth.timeKnown,
      birth.timeZone,
      now.toISOString().slice(0, 10),
    ].join('|');
    let cached = this.skies.get(userId);
    if (!cached || cached.key !== key) {
      const chart = chartOfBirth(birth);
      cached = { key, chart, today: todaysTransits(chart, birth.timeZone, now) };
      this.skies.delete(userId);
      if (this.skies.size >= SKY_CACHE_SIZE) {
        const oldest = this.skies.keys().next().value;
        if (oldest !== undefined) this.skies.delete(oldest);
      }
      this.skies.set(userId, cached);
    }
    if (withUpcoming && !cached.upcoming)
      cached.upcoming = upcomingTransits(cached.chart, birth.timeZone, now);
    return cached;
  }

  /**
   * The five fixed starters (docs/requirements/api.md#chat), and up to three made for this
   * person from their chart and today's sky.
   */
  async starters(user: Actor): Promise<{ fixed: string[]; tailored: string[] }> {
    const birth = await this.birthOrRefuse(user.id);
    const sky = this.sky(user.id, birth, false);
    const tailored: string[] = [];
    const top = sky.today[0];
    if (top) {
      const point = sky.chart.bodies.find((b) => b.body === top.point);
      const pointSign =
        point?.sign ??
        (top.point === 'ascendant' ? sky.chart.angles?.ascendantSign : sky.chart.angles?.midheavenSign);
      const title = transitTitle({
        ...top,
        pointSign: pointSign ?? 'aries',
        pointHouse: null,
        bodyHouse: null,
      });
      tailored.push(`What does “${title}” mean for me?`);
    }
    const venus = sky.chart.bodies.find((b) => b.body === 'venus');
    if (venus) tailored.push(`How does my Venus in ${SIGNS[venus.sign]?.name} shape my relationships?`);
    tailored.push('Which transits should I know about this week?');
    return { fixed: [...FIXED_STARTERS], tailored: tailored.slice(0, 3) };
  }

  /**
   * Checks, counts and stores the question, then starts the answer. Everything that can refuse
   * (unknown conversation, no birth data, daily limit) refuses before anything streams.
   */
  async send(user: Actor, sessionId: string, content: string, signal: AbortSignal): Promise<Exchange> {
    const session = await this.ownSession(user, sessionId);
    const birth = await this.birthOrRefuse(user.id);
    const { day } = await this.deps.allowance.consume(user);
    const asked = this.now.toISOString();
    const history = (await this.deps.repo.messages(user.id, sessionId)).map((m) => ({
      role: m.role,
      content: m.content,
    }));
    const userMessage = await this.deps.repo.addMessage({
      id: randomUUID(),
      sessionId,
      userId: user.id,
      role: 'user',
      content,
      facts: [],
      stopped: false,
      provider: null,
      fallback: false,
      corrections: null,
      createdAt: asked,
    });
    for (const text of memoriesIn(content))
      await this.deps.repo.remember(user.id, { id: randomUUID(), text, now: asked });
    if (session.title === DEFAULT_TITLE && history.length === 0)
      await this.deps.repo.rename(
        user.id,
        sessionId,
        await this.titleFor(user.id, sessionId, content),
        asked,
      );
    else await this.deps.repo.touch(user.id, sessionId, asked);

    const sky = this.sky(user.id, birth, false);
    const facts = factsForQuestion({
      question: content,
      previous: history.filter((m) => m.role === 'user').at(-1)?.content,
      chart: sky.chart,
      zone: birth.timeZone,
      now: this.now,
      today: sky.today,
      upcoming: () => this.sky(user.id, birth, true).upcoming ?? [],
      memories: (await this.deps.repo.memories(user.id)).map((m) => m.text),
    });
    const person = mentionedPerson(content, await this.deps.peopleOf(user.id));
    if (person)
      facts.person = personFacts({
        chart: sky.chart,
        person,
        question: content,
        now: this.now,
        zone: birth.timeZone,
      });
    // Stopped by the caller (a closed stream, a socket's stop) or by stopAnswer.
    const stopper = new AbortController();
    const stopping = AbortSignal.any([signal, stopper.signal]);
    const stream = await this.deps.assistant.answer({
      question: content,
      facts,
      history,
      conversation: sessionId,
      signal: stopping,
    });
    const inProgress = this.answering.begin(userMessage.id, { userId: user.id, sessionId }, stopper);
    // Every sentence is checked against the chart before it is sent; the stored answer is the checked one.
    const checking = claimFacts(facts, () => this.sky(user.id, birth, true).upcoming ?? []);
    // Each with where its sentence starts in what was said, to keep only those shown before a stop.
    const corrections: (FoundCorrection & { at: number })[] = [];
    const found = (correction: FoundCorrection) => {
      // A corrected sentence has just been said (the last piece); a dropped one would have come next.
      corrections.push({ ...correction, at: correction.kind === 'corrected' ? lastAt : said.length });
      this.deps.log?.info(
        {
          // Once the service failed, the rest of the answer is the built-in assistant's.
          model: stream.fallback ? 'builtin' : this.deps.assistant.model,
          provider: stream.provider,
          kind: correction.kind,
        },
        'assistant statement corrected against the chart',
      );
    };
    const checked = checkedPieces(stream.pieces, checking, found, () => stopping.aborted);
    let said = '';
    let lastAt = 0;
    let completed = false;
    async function* pieces() {
      for await (const piece of checked) {
        if (stopping.aborted) return;
        lastAt = said.length;
        said += piece;
        yield piece;
      }
      completed = !stopping.aborted;
    }
    const finish = async () => {
      const shown = inProgress.shown;
      const answer = {
        id: randomUUID(),
        sessionId,
        userId: user.id,
        role: 'assistant' as const,
        // Cut to what the person was shown when they stopped: they may have seen less than was sent.
        content: shown === undefined ? said : said.slice(0, shown),
        facts: stream.facts,
        stopped: !completed || shown !== undefined,
        provider: stream.provider,
        fallback: stream.fallback,
        corrections: shownCorrections(corrections, shown),
        model: this.deps.assistant.model,
        createdAt: this.now.toISOString(),
      };
      let message: ChatMessage;
      try {
        // The answer has been said and cannot be asked for again: a database away for a moment
        // (a PostgreSQL restart) delays storing it instead of losing it.
        message = await retryWhileDatabaseAway(() => this.deps.repo.addMessage(answer));
        await retryWhileDatabaseAway(() => this.deps.repo.touch(user.id, sessionId, message.createdAt));
      } catch (error) {
        this.answering.end(userMessage.id, null);
        throw error;
      }
      this.answering.end(userMessage.id, message);
      // Asking for more is not an answer: it does not use up the day's allowance.
      if (!stream.understood) await this.deps.allowance.giveBack(user, day);
      this.deps.announce?.(user.id, { event: 'chat:done', payload: { sessionId, message, userMessage } });
      return message;
    };
    return { session, userMessage, pieces: pieces(), finish };
  }

  /**
   * The person stopped the answer to the question `after` with its first `shown` characters on
   * screen: the stored answer becomes those, marked stopped. Stops the answer if this process is
   * still giving it; otherwise cuts the stored one (the built-in assistant has often said it all
   * before the stop arrives). Answers the stored exchange, or null when the conversation's latest
   * answer is not the one to that question (not stored yet, or a later one exists).
   */
  async stopAnswer(user: Actor, sessionId: string, { after, shown }: ChatStopBody): Promise<ChatDone | null> {
    await this.ownSession(user, sessionId);
    const inProgress = this.answering.of(after, { userId: user.id, sessionId });
    if (inProgress) {
      inProgress.stop(shown);
      await inProgress.stored;
    }
    const [userMessage, message] = (await this.deps.repo.messages(user.id, sessionId)).slice(-2);
    if (userMessage?.id !== after || message?.role !== 'assistant') return null;
    if (message.stopped && message.content.length <= shown) return { sessionId, message, userMessage };
    const cut = { ...message, content: message.content.slice(0, shown), stopped: true };
    await this.deps.repo.cutAnswer(user.id, message.id, cut.content);
    const done = { sessionId, message: cut, userMessage };
    this.deps.announce?.(user.id, { event: 'chat:done', payload: done });
    return done;
  }

  /** A title from the question's topic, distinct among the person's other conversations. */
  private async titleFor(userId: string, sessionId: string, question: string): Promise<string> {
    const others = (await this.deps.repo.sessions(userId)).filter((s) => s.id !== sessionId);
    return distinctTitle(
      topicTitle(question),
      others.map((s) => s.title),
    );
  }

  /** The person's conversations and memories, for the account export. */
  exportSection = async (userId: string) => {
    const actor = { id: userId, role: 'user' as Role };
    const sessions = await this.sessions(actor);
    return {
      conversations: await Promise.all(sessions.map((s) => this.detail(actor, s.id))),
      memories: await this.memories(actor),
    };
  };
}
