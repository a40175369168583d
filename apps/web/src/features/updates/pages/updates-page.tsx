import { APP_VERSION_LABEL } from '@app/contracts/constants.ts';
import { useMemo } from 'react';
import { formatCalendarDate } from '../../../lib/format-date.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMetaDescription } from '../../../lib/use-meta-description.ts';
import { CHANGELOG_SOURCE } from '../changelog-source.ts';
import { parseChangelog, type Release } from '../parse-changelog.ts';

const DESCRIPTION = 'Release notes: what is new and what has changed in each version, newest first.';

function releaseId(version: string): string {
  return `release-${version.replace(/[^0-9A-Za-z-]/g, '-')}`;
}

function ReleaseNotes({ release, current }: { release: Release; current: boolean }) {
  const headingId = releaseId(release.version);
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-line bg-surface p-6 shadow-sm shadow-black/[0.03] sm:p-8 dark:shadow-none"
    >
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-2">
        <h2 id={headingId} className="font-display text-2xl font-semibold text-fg">
          Version {release.version}
        </h2>
        {current && (
          <span className="rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wider text-accent">
            Current version
          </span>
        )}
        <p className="w-full text-sm text-muted">
          Released <time dateTime={release.date}>{formatCalendarDate(release.date)}</time>
        </p>
      </header>
      <ul className="mt-5 list-disc space-y-2.5 pl-5 marker:text-accent">
        {release.changes.map((change) => (
          <li key={change} className="pl-1">
            {change}
          </li>
        ))}
      </ul>
    </article>
  );
}

/**
 * Release notes from the repository's CHANGELOG.md, newest first. `source` exists for tests; the
 * app renders the bundled file.
 */
export default function UpdatesPage({ source = CHANGELOG_SOURCE }: { source?: string }) {
  useDocumentTitle('Updates');
  useMetaDescription(DESCRIPTION);
  const releases = useMemo(() => parseChangelog(source).releases, [source]);

  return (
    <div className="mx-auto w-full max-w-3xl px-5 py-12 text-base leading-7 text-fg sm:px-8 sm:py-16 sm:text-[1.0625rem] sm:leading-8">
      <header>
        <h1 className="font-display text-4xl font-semibold tracking-tight text-fg sm:text-5xl">Updates</h1>
        <p className="mt-4 text-muted">What is new in each version of the app, newest first.</p>
      </header>
      {releases.length === 0 ? (
        <p className="mt-10 text-muted">There are no release notes yet.</p>
      ) : (
        <ol aria-label="Releases" className="mt-10 space-y-6">
          {releases.map((release) => (
            <li key={release.version}>
              <ReleaseNotes release={release} current={release.version === APP_VERSION_LABEL} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
