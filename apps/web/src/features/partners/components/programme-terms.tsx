import type { PartnerProgramme } from '@app/contracts/partners.ts';
import { programmeTerms } from '../programme-text.ts';

/** The terms an applicant accepts: shown on the programme page and on the application form. */
export function ProgrammeTerms({ programme }: { programme: PartnerProgramme | undefined }) {
  return (
    <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm leading-relaxed text-muted marker:text-fg">
      {programmeTerms(programme).map((term) => (
        <li key={term}>{term}</li>
      ))}
    </ol>
  );
}
