import type { ChatMessage } from '@app/contracts/chat.ts';
import type { SampleBirth, Samples } from '@app/contracts/samples.ts';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/button.tsx';
import { AnswerBubble, QuestionBubble } from '../../features/chat/components/message-item.tsx';
import { MoonToday } from '../../features/cosmic-landscape/components/moon-and-sky.tsx';
import { formatCalendarDate } from '../../lib/format-date.ts';
import { samplesQuery } from './get-samples.ts';
import { SampleCard, SamplesGrid, SamplesPlaceholder, SamplesUnavailable } from './home-samples-frame.tsx';

// The samples themselves (loaded lazily by home-samples-frame.tsx): the landscape and the answer
// the server composed today for the sample birth, shown with the product's own pieces.

/** How many of the day's read transits the sample shows. */
const SAMPLE_TRANSITS = 3;

/** "21 April 1990 at 14:30 in Oslo, Norway" */
export function sampleBirthText(birth: SampleBirth): string {
  return `${formatCalendarDate(birth.date)} at ${birth.time} in ${birth.place}`;
}

function LandscapeSample({ samples }: { samples: Samples }) {
  const { landscape } = samples;
  const read = landscape.transits.filter((transit) => transit.text).slice(0, SAMPLE_TRANSITS);
  return (
    <>
      <p className="text-sm text-muted">For someone born {sampleBirthText(samples.birth)}</p>
      <p className="mt-3 text-sm font-medium text-muted">Today, {formatCalendarDate(landscape.date)}</p>
      <p className="mt-1 font-display text-xl leading-snug font-semibold">{landscape.headline}</p>
      {landscape.summary.split(/\n\n+/).map((paragraph) => (
        <p key={paragraph} className="mt-3 leading-relaxed">
          {paragraph}
        </p>
      ))}
      <h4 className="mt-6 mb-3 font-semibold">The Moon today</h4>
      <MoonToday landscape={landscape} />
      {read.length > 0 ? (
        <>
          <h4 className="mt-6 mb-3 font-semibold">Transits today</h4>
          <ol className="flex flex-col gap-3">
            {read.map((transit) => (
              <li key={transit.title} className="rounded-xl bg-surface-2 px-4 py-3">
                <p className="font-semibold">{transit.title}</p>
                <p className="mt-1 text-sm leading-relaxed">{transit.text}</p>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </>
  );
}

function ChatSample({ samples }: { samples: Samples }) {
  const { chat, landscape } = samples;
  const answer: ChatMessage = {
    id: 'sample-answer',
    role: 'assistant',
    content: chat.answer,
    createdAt: landscape.generatedAt,
    facts: chat.facts,
    stopped: false,
    provider: 'builtin',
    fallback: false,
  };
  return (
    <>
      <p className="text-sm text-muted">Asked for the same birth chart</p>
      <ul className="mt-4 flex flex-col gap-4">
        <QuestionBubble text={chat.question} />
        <AnswerBubble message={answer} />
      </ul>
    </>
  );
}

export default function HomeSamples() {
  const samples = useQuery(samplesQuery());
  if (samples.isPending) return <SamplesPlaceholder />;
  if (samples.isError)
    return (
      <SamplesUnavailable
        action={
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void samples.refetch()}>
            Try again
          </Button>
        }
      />
    );
  return (
    <SamplesGrid>
      <SampleCard kind="landscape">
        <LandscapeSample samples={samples.data} />
      </SampleCard>
      <SampleCard kind="chat">
        <ChatSample samples={samples.data} />
      </SampleCard>
    </SamplesGrid>
  );
}
